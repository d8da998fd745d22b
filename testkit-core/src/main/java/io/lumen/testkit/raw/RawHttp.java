package io.lumen.testkit.raw;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * HTTP/1.1 over a plain socket to 127.0.0.1, for what the JDK client will not send (hop-by-hop
 * headers, ambiguous framing) and for checking that a connection gets closed. Every read is bounded
 * by a socket timeout.
 */
public final class RawHttp implements AutoCloseable {

    /** A parsed response: status, header lines in order, body (de-chunked). */
    public record Response(int status, List<String[]> headers, byte[] body) {
        public String header(String name) {
            for (String[] h : headers) {
                if (h[0].equalsIgnoreCase(name)) {
                    return h[1];
                }
            }
            return null;
        }

        public List<String> headers(String name) {
            List<String> values = new ArrayList<>();
            for (String[] h : headers) {
                if (h[0].equalsIgnoreCase(name)) {
                    values.add(h[1]);
                }
            }
            return values;
        }

        public boolean has(String name) {
            return header(name) != null;
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    public RawHttp(int port, int timeoutMs) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(timeoutMs);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    public RawHttp(int port) throws IOException {
        this(port, 5000);
    }

    public RawHttp send(String text) throws IOException {
        return send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    public RawHttp send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** Half-closes the connection: the server reads the end of the stream, the answer can still be read. */
    public RawHttp finishSending() throws IOException {
        socket.shutdownOutput();
        return this;
    }

    /** Reads one response; {@code head} true when it answers a HEAD (no body whatever the headers say). */
    public Response read(boolean head) throws IOException {
        String statusLine = line();
        if (statusLine == null) {
            throw new IOException("connection closed before a response");
        }
        String[] parts = statusLine.split(" ", 3);
        int status = Integer.parseInt(parts[1]);
        List<String[]> headers = new ArrayList<>();
        String l;
        while ((l = line()) != null && !l.isEmpty()) {
            int colon = l.indexOf(':');
            headers.add(new String[] {l.substring(0, colon).trim(), l.substring(colon + 1).trim()});
        }
        Response shell = new Response(status, headers, new byte[0]);
        if (head || status == 204 || status == 304 || status / 100 == 1) {
            return shell;
        }
        String te = shell.header("Transfer-Encoding");
        String cl = shell.header("Content-Length");
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            for (;;) {
                String size = line();
                int n = Integer.parseInt(size.split(";")[0].trim(), 16);
                if (n == 0) {
                    while ((l = line()) != null && !l.isEmpty()) {
                        // trailers
                    }
                    break;
                }
                body.write(in.readNBytes(n));
                line();
            }
        } else if (cl != null) {
            body.write(in.readNBytes(Integer.parseInt(cl)));
        } else {
            body.write(readToEnd());
        }
        return new Response(status, headers, body.toByteArray());
    }

    public Response read() throws IOException {
        return read(false);
    }

    /** True when the peer closes the connection (EOF or reset) within {@code waitMs}, false when it stays open and silent. */
    public boolean closedByPeer(int waitMs) throws IOException {
        int before = socket.getSoTimeout();
        socket.setSoTimeout(waitMs);
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true; // reset
        } finally {
            socket.setSoTimeout(before);
        }
    }

    /** Reads at least {@code n} bytes (or up to EOF) and returns how many it read. */
    public long readSome(long n) throws IOException {
        byte[] buf = new byte[8192];
        long got = 0;
        int r;
        while (got < n && (r = in.read(buf)) >= 0) {
            got += r;
        }
        return got;
    }

    /** Everything until the peer closes; a timeout fails. */
    public byte[] readToEnd() throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        try {
            int n;
            while ((n = in.read(buf)) >= 0) {
                got.write(buf, 0, n);
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the connection was not closed in time; got: "
                    + got.toString(StandardCharsets.ISO_8859_1), e);
        } catch (SocketException e) {
            // a reset after the data: closed all the same
        }
        return got.toByteArray();
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                String s = b.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            b.write(c);
        }
        return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
