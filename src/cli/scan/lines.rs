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

/// A block of whole lines: its bytes, and where each line is in them.
#[derive(Debug, Default)]
pub struct Block {
    pub bytes: Vec<u8>,
    pub lines: Vec<Line>,
    /// Bytes read from the input up to the end of this block.
    pub read: u64,
}

/// Reads `reader` a block of whole lines at a time.
pub struct LineBlocks<R> {
    reader: R,
    /// The start of the line the last block ended inside.
    carry: Vec<u8>,
    /// Whether that line was already cut.
    carry_cut: bool,
    /// Whether the bytes read are the rest of a cut line, to be dropped
    /// up to its `\n`.
    skipping: bool,
    eof: bool,
    /// How many bytes a block reads at least before it is split.
    size: usize,
    /// Bytes read from `reader` so far.
    read: u64,
    /// Whether a read may wait for the whole block (a regular file): the
    /// buffer is then filled as the reader writes it, not zeroed first.
    whole: bool,
}

impl<R: Read> LineBlocks<R> {
    /// Blocks of at least `size` bytes (but the last).
    pub fn new(reader: R, size: usize) -> LineBlocks<R> {
        LineBlocks {
            reader,
            carry: Vec::new(),
            carry_cut: false,
            skipping: false,
            eof: false,
            size: size.max(1),
            read: 0,
            whole: false,
        }
    }

    /// Read each block whole, for an input whose reads never wait for a
    /// writer (a regular file): a pipe's lines are triaged as they come.
    pub fn whole_reads(mut self, whole: bool) -> LineBlocks<R> {
        self.whole = whole;
        self
    }

    /// Read the next block into `block` (a spent one, whose allocations
    /// are reused). `Ok(None)` at the end of the input; a block may hold
    /// no whole line (the middle of a cut line).
    pub fn next_block(&mut self, mut block: Block) -> io::Result<Option<Block>> {
        if self.eof {
            return Ok(None);
        }
        let bytes = &mut block.bytes;
        bytes.clear();
        block.lines.clear();
        // The line the last block ended inside comes first.
        bytes.extend_from_slice(&self.carry);
        self.carry.clear();
        loop {
            let before = bytes.len();
            let want = self.size.saturating_sub(before).max(1 << 16);
            let n = if self.whole {
                read_whole(&mut self.reader, bytes, want)?
            } else {
                read_some(&mut self.reader, bytes, want)?
            };
            self.read += n as u64;
            self.eof = n == 0;
            if self.skipping {
                match memchr::memchr(b'\n', bytes.get(before..).unwrap_or_default()) {
                    Some(at) => {
                        bytes.drain(before..before + at);
                        self.skipping = false;
                    }
                    None => bytes.truncate(before),
                }
            }
            if self.eof || bytes.len() >= self.size {
                break;
            }
            // A pipe gives what it has: lines that came whole are triaged
            // now rather than when the block fills (`tail -f | scan`).
            let fresh = bytes.get(before..).unwrap_or_default();
            if n < want && memchr::memchr(b'\n', fresh).is_some() {
                break;
            }
        }
        let mut start = 0;
        for at in memchr::memchr_iter(b'\n', bytes) {
            block
                .lines
                .push(line(start, at, start == 0 && self.carry_cut));
            start = at + 1;
        }
        let len = bytes.len();
        let cut = start == 0 && self.carry_cut;
        if self.eof {
            if start < len {
                block.lines.push(line(start, len, cut));
            }
            self.carry_cut = false;
        } else {
            // The start of the next line waits for the next block, cut if
            // it is already too long (and the rest of it dropped as it
            // comes).
            let tail = bytes.get(start..).unwrap_or_default();
            let kept = tail.get(..MAX_LINE).unwrap_or(tail);
            self.carry.extend_from_slice(kept);
            self.carry_cut = cut || tail.len() > MAX_LINE;
            self.skipping = tail.len() > MAX_LINE;
            bytes.truncate(start);
        }
        block.read = self.read;
        Ok(Some(block))
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

/// Append what one read of at most `want` bytes gives (0 at the end of
/// the input) to `buf`.
fn read_some(reader: &mut impl Read, buf: &mut Vec<u8>, want: usize) -> io::Result<usize> {
    let before = buf.len();
    buf.resize(before + want, 0);
    let read = loop {
        match reader.read(buf.get_mut(before..).unwrap_or_default()) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            other => break other,
        }
    };
    let n = *read.as_ref().unwrap_or(&0);
    buf.truncate(before + n);
    read
}

/// Append up to `want` bytes to `buf`, reading until they are there or
/// the input ends (0 then). The reader writes into the buffer's spare
/// room directly: the bytes are not zeroed first, as [`read_some`] must.
fn read_whole(reader: &mut impl Read, buf: &mut Vec<u8>, want: usize) -> io::Result<usize> {
    buf.reserve(want);
    reader.take(want as u64).read_to_end(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `input` read in blocks of `size`, as (text, cut):
    /// the same whether each block is read whole or as reads come.
    fn all_lines(input: &[u8], size: usize) -> Vec<(Vec<u8>, bool)> {
        let lines = lines_read(input, size, false);
        assert_eq!(lines_read(input, size, true), lines, "size {size}");
        lines
    }

    fn lines_read(input: &[u8], size: usize, whole: bool) -> Vec<(Vec<u8>, bool)> {
        let mut blocks = LineBlocks::new(input, size).whole_reads(whole);
        let mut out = Vec::new();
        let mut spent = Block::default();
        let mut read = 0;
        while let Some(block) = blocks.next_block(spent).expect("a slice reads") {
            for l in &block.lines {
                let text = block.bytes.get(l.start..l.end).unwrap_or_default();
                out.push((text.to_vec(), l.cut));
            }
            read = block.read;
            spent = block;
        }
        assert_eq!(read, input.len() as u64);
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

    /// A pipe: each read gives at most a few bytes.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.0.len()).min(3);
            let (now, later) = self.0.split_at(n);
            buf.get_mut(..n).unwrap_or_default().copy_from_slice(now);
            self.0 = later;
            Ok(n)
        }
    }

    #[test]
    fn a_pipe_gives_its_lines_as_they_come() {
        let input = b"ab\ncdefg\n\nh";
        let mut blocks = LineBlocks::new(Trickle(input), 1 << 20);
        let mut sizes = Vec::new();
        let mut lines = Vec::new();
        while let Some(block) = blocks.next_block(Block::default()).expect("reads") {
            sizes.push(block.lines.len());
            for l in &block.lines {
                lines.push(block.bytes.get(l.start..l.end).unwrap_or_default().to_vec());
            }
        }
        // Each block ends with the first read that brought a line end.
        assert_eq!(sizes, vec![1, 1, 1, 1]);
        assert_eq!(
            lines,
            vec![b"ab".to_vec(), b"cdefg".to_vec(), Vec::new(), b"h".to_vec()]
        );
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
