import java.io.*;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/** Reads lines of hex-encoded UTF-8 inputs; prints one JSON object per line:
 *  {"input": ..., "ok": ...} or {"input": ..., "error": exception.toString()}.
 *  With the argument "digits", prints every char Character.digit(c, 16) accepts
 *  beyond ASCII, as "XXXX value" lines. */
public class Record {
    static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20 || c > 0x7E) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }
    public static void main(String[] args) throws IOException {
        if (args.length > 0 && args[0].equals("digits")) {
            for (int c = 0x80; c <= 0xFFFF; c++) {
                int d = Character.digit((char) c, 16);
                if (d >= 0) System.out.printf("%04X %d%n", c, d);
            }
            return;
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "US-ASCII");
        String line;
        while ((line = in.readLine()) != null) {
            byte[] bytes = new byte[line.length() / 2];
            for (int i = 0; i < bytes.length; i++)
                bytes[i] = (byte) Integer.parseInt(line.substring(2 * i, 2 * i + 2), 16);
            String input = new String(bytes, StandardCharsets.UTF_8);
            try {
                String decoded = URLDecoder.decode(input, StandardCharsets.UTF_8);
                out.println("{\"input\":" + json(input) + ",\"ok\":" + json(decoded) + "}");
            } catch (IllegalArgumentException e) {
                out.println("{\"input\":" + json(input) + ",\"error\":" + json(e.toString()) + "}");
            }
        }
    }
}
