"""Minimal HTTP/2 (h2c, prior knowledge) over a raw socket for the conformance probes.

Request headers are HPACK literals without indexing (no Huffman, no table); response header blocks
are not decoded, except a :status sent as an indexed static entry. Enough to open streams, send
DATA that contradicts content-length, and read SETTINGS, RST_STREAM, GOAWAY and END_STREAM.
"""
import socket
import struct

DATA, HEADERS, RST_STREAM, SETTINGS, PING, GOAWAY, WINDOW_UPDATE = 0x0, 0x1, 0x3, 0x4, 0x6, 0x7, 0x8
REFUSED_STREAM = 0x7
STATIC_STATUS = {0x88: 200, 0x89: 204, 0x8a: 206, 0x8b: 304, 0x8c: 400, 0x8d: 404, 0x8e: 500}


def _int(value, prefix_bits, flags=0):
    limit = (1 << prefix_bits) - 1
    if value < limit:
        return bytes([flags | value])
    out = bytearray([flags | limit])
    value -= limit
    while value >= 128:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def _literal(name, value):
    n, v = name.encode("latin-1"), value.encode("latin-1")
    return b"\x00" + _int(len(n), 7) + n + _int(len(v), 7) + v


class H2:
    def __init__(self, port, timeout=5.0):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.buf = b""
        self.settings = {}
        self.sock.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
        self.frame(SETTINGS, 0, 0, b"")
        f = self.wait(lambda f: f[0] == SETTINGS and not f[1] & 1)
        payload = f[3]
        for i in range(0, len(payload) - 5, 6):
            ident, val = struct.unpack(">HI", payload[i:i + 6])
            self.settings[ident] = val
        self.frame(SETTINGS, 1, 0, b"")

    def frame(self, ftype, flags, stream, payload):
        head = struct.pack(">I", len(payload))[1:] + bytes([ftype, flags]) + struct.pack(">I", stream & 0x7FFFFFFF)
        self.sock.sendall(head + payload)

    def headers(self, stream, method, path, end_stream, extra=()):
        block = (_literal(":method", method) + _literal(":scheme", "http") + _literal(":path", path)
                 + _literal(":authority", "127.0.0.1"))
        for name, value in extra:
            block += _literal(name, value)
        self.frame(HEADERS, 0x4 | (1 if end_stream else 0), stream, block)

    def data(self, stream, payload, end_stream):
        self.frame(DATA, 1 if end_stream else 0, stream, payload)

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("connection closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def next(self):
        head = self._read(9)
        length = struct.unpack(">I", b"\x00" + head[:3])[0]
        ftype, flags = head[3], head[4]
        stream = struct.unpack(">I", head[5:9])[0] & 0x7FFFFFFF
        return ftype, flags, stream, self._read(length)

    def wait(self, wanted):
        while True:
            f = self.next()
            if f[0] == PING and not f[1] & 1:
                self.frame(PING, 1, 0, f[3])
            if wanted(f):
                return f

    def close(self):
        self.sock.close()


def end_of(stream):
    """Matches the frame that ends a stream: RST_STREAM, or HEADERS/DATA with END_STREAM."""
    return lambda f: f[2] == stream and (f[0] == RST_STREAM or (f[0] in (DATA, HEADERS) and f[1] & 1))


def status(frame):
    return STATIC_STATUS.get(frame[3][0]) if frame[0] == HEADERS and frame[3] else None
