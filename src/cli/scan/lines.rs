//! A stream read as blocks of whole lines, for `scan`: one read call per
//! block instead of one per line, and no copy of each line, so that the
//! work left on the reading thread between two parallel batches is a
//! `memchr` over the block.
//!
//! A line longer than [`MAX_LINE`] is cut there (and marked): the bytes
//! after the cut are dropped as they are read, so memory stays within a
//! block and one cut line whatever the input.

use std::io::{self, Read};

/// Lines longer than this are cut (and counted) rather than held whole.
pub const MAX_LINE: usize = 1 << 20;

/// One line of a block: its bytes are `block[start..end]`, without the
/// `\n`; `cut` when the line was longer than [`MAX_LINE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    pub start: usize,
    pub end: usize,
    pub cut: bool,
}

/// Reads `reader` a block of whole lines at a time.
pub struct LineBlocks<R> {
    reader: R,
    /// The block: whole lines, then the start of the next line.
    block: Vec<u8>,
    lines: Vec<Line>,
    /// Where the line that the block ends inside starts.
    partial: usize,
    /// Whether that line was already cut.
    partial_cut: bool,
    /// Whether the bytes read are the rest of a cut line, to be dropped
    /// up to its `\n`.
    skipping: bool,
    eof: bool,
    /// How many bytes a block reads at least before it is split.
    size: usize,
    /// Bytes read from `reader` so far.
    read: u64,
}

impl<R: Read> LineBlocks<R> {
    /// Blocks of at least `size` bytes (but the last).
    pub fn new(reader: R, size: usize) -> LineBlocks<R> {
        LineBlocks {
            reader,
            block: Vec::new(),
            lines: Vec::new(),
            partial: 0,
            partial_cut: false,
            skipping: false,
            eof: false,
            size: size.max(1),
            read: 0,
        }
    }

    /// The current block's bytes; [`Line`] spans index into it.
    pub fn block(&self) -> &[u8] {
        &self.block
    }

    /// The current block's lines, in order.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// How many bytes have been read so far.
    pub fn bytes_read(&self) -> u64 {
        self.read
    }

    /// Read the next block. `Ok(false)` at the end of the input; a block
    /// may hold no whole line (the middle of a cut line).
    pub fn next_block(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        // The line the last block ended inside moves to the front.
        self.block.drain(..self.partial);
        self.lines.clear();
        loop {
            let before = self.block.len();
            let want = self.size.saturating_sub(before).max(1 << 16);
            let n = read_up_to(&mut self.reader, &mut self.block, want)?;
            self.read += n as u64;
            if n < want {
                self.eof = true;
            }
            if self.skipping {
                match memchr::memchr(b'\n', self.block.get(before..).unwrap_or_default()) {
                    Some(at) => {
                        self.block.drain(before..before + at);
                        self.skipping = false;
                    }
                    None => self.block.truncate(before),
                }
            }
            if self.eof || self.block.len() >= self.size {
                break;
            }
        }
        let mut start = 0;
        for at in memchr::memchr_iter(b'\n', &self.block) {
            self.lines
                .push(line(start, at, start == 0 && self.partial_cut));
            start = at + 1;
        }
        let len = self.block.len();
        if self.eof {
            if start < len {
                self.lines
                    .push(line(start, len, start == 0 && self.partial_cut));
            }
            self.partial = len;
            self.partial_cut = false;
            return Ok(true);
        }
        // The start of the next line waits for the next block, cut if it is
        // already too long (and the rest of it dropped as it comes).
        self.partial_cut = start == 0 && self.partial_cut;
        if len - start > MAX_LINE {
            self.block.truncate(start + MAX_LINE);
            self.partial_cut = true;
            self.skipping = true;
        }
        self.partial = start;
        Ok(true)
    }
}

/// The line `start..end`, cut to [`MAX_LINE`].
fn line(start: usize, end: usize, cut: bool) -> Line {
    let long = end - start > MAX_LINE;
    Line {
        start,
        end: if long { start + MAX_LINE } else { end },
        cut: cut || long,
    }
}

/// Append up to `want` bytes of `reader` to `buf`; fewer only at the end
/// of the input.
fn read_up_to(reader: &mut impl Read, buf: &mut Vec<u8>, want: usize) -> io::Result<usize> {
    buf.reserve(want);
    let want = u64::try_from(want).unwrap_or(u64::MAX);
    let n = reader.take(want).read_to_end(buf)?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `input` read in blocks of `size`, as (text, cut).
    fn all_lines(input: &[u8], size: usize) -> Vec<(Vec<u8>, bool)> {
        let mut blocks = LineBlocks::new(input, size);
        let mut out = Vec::new();
        while blocks.next_block().expect("a slice reads") {
            for l in blocks.lines() {
                let text = blocks.block().get(l.start..l.end).unwrap_or_default();
                out.push((text.to_vec(), l.cut));
            }
        }
        assert_eq!(blocks.bytes_read(), input.len() as u64);
        out
    }

    #[test]
    fn lines_are_the_same_whatever_the_block_size() {
        let input = b"a\n\nbc\r\nd\ne";
        let expected: Vec<(Vec<u8>, bool)> = [&b"a"[..], b"", b"bc\r", b"d", b"e"]
            .iter()
            .map(|l| (l.to_vec(), false))
            .collect();
        for size in [1, 2, 3, 7, 1 << 20] {
            assert_eq!(all_lines(input, size), expected, "size {size}");
        }
    }

    #[test]
    fn last_line_without_newline_is_read() {
        let lines = all_lines(b"a\nb", 1 << 16);
        assert_eq!(lines, vec![(b"a".to_vec(), false), (b"b".to_vec(), false)]);
        assert!(all_lines(b"", 1 << 16).is_empty());
        assert_eq!(all_lines(b"\n", 1 << 16), vec![(Vec::new(), false)]);
    }

    #[test]
    fn long_lines_are_cut_not_fatal() {
        for (long, size) in [
            (MAX_LINE + 10, 4096),
            (MAX_LINE + 10, 4 << 20),
            (3 * MAX_LINE, 4096),
            (MAX_LINE, 4096),
        ] {
            let mut input = vec![b'a'; long];
            input.extend_from_slice(b"\nnext\n");
            input.extend(vec![b'b'; long]);
            let lines = all_lines(&input, size);
            let cut = long > MAX_LINE;
            assert_eq!(lines.len(), 3, "{long} {size}");
            let (first, first_cut) = lines.first().cloned().unwrap_or_default();
            assert_eq!((first.len(), first_cut), (long.min(MAX_LINE), cut));
            assert!(first.iter().all(|&b| b == b'a'));
            assert_eq!(lines.get(1), Some(&(b"next".to_vec(), false)));
            let (last, last_cut) = lines.get(2).cloned().unwrap_or_default();
            assert_eq!((last.len(), last_cut), (long.min(MAX_LINE), cut));
        }
    }
}
