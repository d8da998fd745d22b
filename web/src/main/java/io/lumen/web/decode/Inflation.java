package io.lumen.web.decode;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * Inflates one compressed body as its bytes arrive: gzip (RFC 1952: header, deflate data, CRC-32 and
 * length checked at the end) or HTTP's deflate (RFC 1950 zlib, and raw deflate data as some clients
 * send it). Undertow's inflating conduits take a body cut short for a complete one, so Lumen does
 * this itself with the JDK's {@link Inflater}. {@link #inflate} fails with an {@link IOException}
 * for data of the wrong format and for data that ends early. Used by one exchange at a time.
 */
final class Inflation {
    private enum State { HEADER, DATA, TRAILER, DONE }

    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;

    private final boolean gzip;
    private final CRC32 crc = new CRC32();
    private Inflater inflater;
    private State state;
    private long total;

    Inflation(boolean gzip) {
        this.gzip = gzip;
        this.state = State.HEADER;
    }

    /**
     * Inflates from {@code in} (read mode; consumed bytes are taken from it) into {@code out}.
     *
     * @param ended whether the body has no bytes after those in {@code in}
     * @return bytes written to {@code out}; 0 when more input is needed; -1 at the end of the data
     */
    int inflate(ByteBuffer in, ByteBuffer out, boolean ended) throws IOException {
        while (true) {
            switch (state) {
                case HEADER -> {
                    if (!header(in)) {
                        return needMore(ended);
                    }
                }
                case DATA -> {
                    int at = out.position();
                    int n;
                    try {
                        n = inflater.inflate(out);
                    } catch (DataFormatException e) {
                        throw new ZipException(e.getMessage());
                    }
                    if (n > 0) {
                        if (gzip) {
                            crc.update(out.duplicate().position(at).limit(at + n));
                        }
                        total += n;
                        return n;
                    }
                    if (inflater.finished()) {
                        state = gzip ? State.TRAILER : State.DONE;
                    } else if (inflater.needsDictionary()) {
                        throw new ZipException("a preset dictionary is not supported");
                    } else if (inflater.needsInput()) {
                        return needMore(ended);
                    } else {
                        return 0; // out is full
                    }
                }
                case TRAILER -> {
                    if (in.remaining() < 8) {
                        return needMore(ended);
                    }
                    long expectedCrc = Integer.toUnsignedLong(Integer.reverseBytes(in.getInt()));
                    long expectedSize = Integer.toUnsignedLong(Integer.reverseBytes(in.getInt()));
                    if (expectedCrc != crc.getValue() || expectedSize != (total & 0xffffffffL)) {
                        throw new ZipException("the gzip checksum or length does not match the data");
                    }
                    state = State.DONE;
                }
                case DONE -> {
                    inflater.end();
                    return -1;
                }
            }
        }
    }

    /** {@code in} was refilled (compacted, read into, flipped): the inflater reads on from it. */
    void refilled(ByteBuffer in) {
        if (state == State.DATA) {
            inflater.setInput(in);
        }
    }

    /** Frees the inflater (also when the body was not read to the end). */
    void end() {
        if (inflater != null) {
            inflater.end();
        }
    }

    private int needMore(boolean ended) throws EOFException {
        if (ended) {
            throw new EOFException("the compressed data is cut short");
        }
        return 0;
    }

    /** Reads the header when all of it is in {@code in}; false (nothing consumed) when more is needed. */
    private boolean header(ByteBuffer in) throws IOException {
        if (!gzip) {
            if (in.remaining() < 2) {
                return false;
            }
            int cmf = in.get(in.position()) & 0xff;
            int flg = in.get(in.position() + 1) & 0xff;
            boolean zlib = (cmf & 0x0f) == 8 && ((cmf << 8) | flg) % 31 == 0;
            start(in, !zlib);
            return true;
        }
        ByteBuffer h = in.duplicate();
        if (h.remaining() < 10) {
            return false;
        }
        if ((h.get() & 0xff) != 0x1f || (h.get() & 0xff) != 0x8b || h.get() != 8) {
            throw new ZipException("not in gzip format");
        }
        int flags = h.get() & 0xff;
        h.position(h.position() + 6); // mtime, xfl, os
        if ((flags & FEXTRA) != 0) {
            if (h.remaining() < 2) {
                return false;
            }
            int length = (h.get() & 0xff) | (h.get() & 0xff) << 8;
            if (h.remaining() < length) {
                return false;
            }
            h.position(h.position() + length);
        }
        for (int field : new int[] {FNAME, FCOMMENT}) {
            if ((flags & field) != 0 && !skipZeroTerminated(h)) {
                return false;
            }
        }
        if ((flags & FHCRC) != 0) {
            if (h.remaining() < 2) {
                return false;
            }
            h.position(h.position() + 2);
        }
        in.position(h.position());
        start(in, true);
        return true;
    }

    private void start(ByteBuffer in, boolean raw) {
        inflater = new Inflater(raw);
        inflater.setInput(in);
        state = State.DATA;
    }

    private static boolean skipZeroTerminated(ByteBuffer h) {
        while (h.hasRemaining()) {
            if (h.get() == 0) {
                return true;
            }
        }
        return false;
    }
}
