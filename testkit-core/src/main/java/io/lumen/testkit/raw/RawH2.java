package io.lumen.testkit.raw;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * HTTP/2 frames over a plain socket to 127.0.0.1 (h2c with prior knowledge), for what no HTTP/2
 * client sends on purpose: more streams than the server allows, DATA that contradicts
 * {@code content-length}. Request headers are HPACK literals without indexing (no state to keep);
 * responses are read as frames, without decoding their header blocks. Every read is bounded by a
 * socket timeout.
 */
public final class RawH2 implements AutoCloseable {
    public static final int DATA = 0x0;
    public static final int HEADERS = 0x1;
    public static final int RST_STREAM = 0x3;
    public static final int SETTINGS = 0x4;
    public static final int PING = 0x6;
    public static final int GOAWAY = 0x7;
    public static final int WINDOW_UPDATE = 0x8;
    public static final int SETTINGS_MAX_CONCURRENT_STREAMS = 0x3;
    public static final int REFUSED_STREAM = 0x7;

    /** One received frame. */
    public record Frame(int type, int flags, int stream, byte[] payload) {
        public boolean endStream() {
            return (flags & 0x1) != 0 && (type == DATA || type == HEADERS);
        }

        /** The error code of a RST_STREAM or GOAWAY. */
        public int errorCode() {
            ByteBuffer b = ByteBuffer.wrap(payload);
            return type == GOAWAY ? b.getInt(4) : b.getInt(0);
        }

        /** The :status of a HEADERS frame when the server sent it as an indexed static entry (200, 204, 304, 400, 404, 500), else -1. */
        public int indexedStatus() {
            if (type != HEADERS || payload.length == 0) {
                return -1;
            }
            return switch (payload[0] & 0xff) {
                case 0x88 -> 200;
                case 0x89 -> 204;
                case 0x8a -> 206;
                case 0x8b -> 304;
                case 0x8c -> 400;
                case 0x8d -> 404;
                case 0x8e -> 500;
                default -> -1;
            };
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final Map<Integer, Integer> serverSettings = new HashMap<>();

    /** Connects, sends the preface and an empty SETTINGS, and reads the server's SETTINGS. */
    public RawH2(int port, int timeoutMs) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(timeoutMs);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
        out.write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        frame(SETTINGS, 0, 0, new byte[0]);
        Frame settings = await(f -> f.type() == SETTINGS && (f.flags() & 1) == 0);
        ByteBuffer b = ByteBuffer.wrap(settings.payload());
        while (b.remaining() >= 6) {
            serverSettings.put(b.getShort() & 0xffff, b.getInt());
        }
        frame(SETTINGS, 1, 0, new byte[0]); // ACK
    }

    /** A setting the server sent, or null when it sent none (the protocol default applies). */
    public Integer setting(int id) {
        return serverSettings.get(id);
    }

    public void frame(int type, int flags, int stream, byte[] payload) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(9);
        head.put((byte) (payload.length >>> 16)).put((byte) (payload.length >>> 8)).put((byte) payload.length);
        head.put((byte) type).put((byte) flags).putInt(stream & 0x7fffffff);
        out.write(head.array());
        out.write(payload);
        out.flush();
    }

    /** A request's HEADERS frame; {@code extra} are further name/value pairs (lower-case names). */
    public void headers(int stream, String method, String path, boolean endStream, String... extra) throws IOException {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        literal(block, ":method", method);
        literal(block, ":scheme", "http");
        literal(block, ":path", path);
        literal(block, ":authority", "127.0.0.1");
        for (int i = 0; i + 1 < extra.length; i += 2) {
            literal(block, extra[i], extra[i + 1]);
        }
        frame(HEADERS, 0x4 | (endStream ? 0x1 : 0), stream, block.toByteArray()); // END_HEADERS
    }

    public void data(int stream, byte[] bytes, boolean endStream) throws IOException {
        frame(DATA, endStream ? 0x1 : 0, stream, bytes);
    }

    /** Reads frames until one matches (answering PINGs and SETTINGS on the way); a timeout or EOF fails. */
    public Frame await(Predicate<Frame> wanted) throws IOException {
        while (true) {
            Frame f = next();
            if (f == null) {
                throw new IOException("connection closed before the frame came");
            }
            if (f.type() == SETTINGS && (f.flags() & 1) == 0 && !serverSettings.isEmpty()) {
                frame(SETTINGS, 1, 0, new byte[0]);
            }
            if (wanted.test(f)) {
                return f;
            }
        }
    }

    /** The next frame, or null at the end of the connection. */
    public Frame next() throws IOException {
        byte[] head = new byte[9];
        try {
            in.readFully(head);
        } catch (EOFException e) {
            return null;
        } catch (SocketTimeoutException e) {
            throw new AssertionError("no frame from the server in time", e);
        }
        int length = ((head[0] & 0xff) << 16) | ((head[1] & 0xff) << 8) | (head[2] & 0xff);
        byte[] payload = new byte[length];
        in.readFully(payload);
        int stream = ByteBuffer.wrap(head, 5, 4).getInt() & 0x7fffffff;
        return new Frame(head[3] & 0xff, head[4] & 0xff, stream, payload);
    }

    private static void literal(ByteArrayOutputStream block, String name, String value) {
        block.write(0x00); // literal header field without indexing, new name
        string(block, name);
        string(block, value);
    }

    private static void string(ByteArrayOutputStream block, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.ISO_8859_1);
        integer(block, bytes.length, 7, 0x00); // not Huffman-coded
        block.writeBytes(bytes);
    }

    private static void integer(ByteArrayOutputStream block, int value, int prefixBits, int firstByteFlags) {
        int max = (1 << prefixBits) - 1;
        if (value < max) {
            block.write(firstByteFlags | value);
            return;
        }
        block.write(firstByteFlags | max);
        value -= max;
        while (value >= 128) {
            block.write((value & 0x7f) | 0x80);
            value >>>= 7;
        }
        block.write(value);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
