#!/usr/bin/env python3
"""Hostile-input probes of issue 15, one or more per finding, over raw sockets to 127.0.0.1.

Usage: probes.py <targets.json>, where the file names the ports of the running targets (see
conformance/run.sh). Prints one line per check, "id|PASS or FAIL|detail", and exits 0; run.sh
builds the table. Every socket read is bounded by a timeout; nothing here waits without a limit.
"""
import json
import socket
import sys
import time
import urllib.request

import h2raw

T = json.load(open(sys.argv[1]))
RESULTS = []


def check(ident, ok, detail=""):
    RESULTS.append((ident, "PASS" if ok else "FAIL", " ".join(str(detail).split())[:160]))


def probe(ident):
    """Runs the decorated probe; an exception is that probe's failure, never the suite's."""
    def wrap(fn):
        try:
            fn()
        except Exception as e:  # noqa: BLE001 - a probe that breaks is reported, not raised
            check(ident, False, "%s: %s" % (type(e).__name__, e))
        return fn
    return wrap


class Conn:
    """One HTTP/1.1 connection; responses are parsed just enough (status, headers, Content-Length body)."""

    def __init__(self, port, timeout=5.0):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.buf = b""

    def send(self, data):
        self.s.sendall(data if isinstance(data, bytes) else data.encode("latin-1"))
        return self

    def _fill(self):
        chunk = self.s.recv(65536)
        if not chunk:
            raise EOFError("closed")
        self.buf += chunk

    def response(self):
        while b"\r\n\r\n" not in self.buf:
            self._fill()
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ")[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        if status // 100 == 1 or status in (204, 304):
            length = 0
        while len(self.buf) < length:
            self._fill()
        body, self.buf = self.buf[:length], self.buf[length:]
        return status, headers, body.decode("utf-8", "replace")

    def closed(self, wait):
        """True when the server closes (EOF or reset) within wait seconds without sending more."""
        self.s.settimeout(wait)
        try:
            return self.s.recv(1) == b""
        except socket.timeout:
            return False
        except OSError:
            return True

    def close(self):
        self.s.close()


def request(port, raw, timeout=5.0):
    c = Conn(port, timeout)
    try:
        return c.send(raw).response()
    finally:
        c.close()


def http_get(port, path, headers=None):
    req = urllib.request.Request("http://127.0.0.1:%d%s" % (port, path), headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


AUTH = "Authorization: Bearer %s\r\n" % T["token"]
ADMIN = "Authorization: Bearer %s\r\n" % T["admin_token"]
PET = '{"id": %d, "name": "probe"}'


# 1. a client's malformed HTTP/2 stream does not eject a healthy upstream
@probe("1-h2-content-length-no-ejection")
def _():
    c = h2raw.H2(T["proxy"])
    stream = 1
    for declared, data in [("10", b"12345")] * 4 + [("3", b"12345678901234567890")] * 4:
        c.headers(stream, "POST", "/v1/pets", False, [("content-length", declared), ("content-type", "application/json")])
        c.data(stream, data, True)
        c.wait(h2raw.end_of(stream))
        stream += 2
    c.close()
    statuses = [http_get(T["proxy"], "/v1/pets")[0] for _ in range(3)]
    check("1-h2-content-length-no-ejection", statuses == [200, 200, 200], "GET after 8 broken streams: %s" % statuses)


# 2. request-header timeout (slowloris) and body idle timeout, on the service and the proxy
def slowloris(port):
    c = Conn(port, 10)
    start = time.time()
    c.send("GET /v1/pets HTTP/1.1\r\nHost: x\r\n")
    for i in range(60):
        try:
            c.send("X-Slow-%d: 1\r\n" % i)
        except OSError:
            break
        if c.closed(0.25):
            break
    took = time.time() - start
    c.close()
    return took


for name in ("service", "proxy"):
    @probe("2-slowloris-closed-" + name)
    def _(name=name):
        took = slowloris(T[name])
        limit = T["header_timeout_ms"] / 1000.0
        check("2-slowloris-closed-" + name, limit - 0.2 <= took < limit + 3, "closed after %.1f s (requestHeaderTimeout %.1f s)" % (took, limit))


for name in ("service", "proxy", "embedded"):  # embedded: the generated petstore, its body middleware reading
    @probe("2-body-idle-408-" + name)
    def _(name=name):
        c = Conn(T[name], 10)
        start = time.time()
        c.send("POST /v1/pets HTTP/1.1\r\nHost: x\r\n%sContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"id\""
               % (AUTH if name == "embedded" else ""))
        status, _, body = c.response()
        took = time.time() - start
        closed = c.closed(2)
        c.close()
        check("2-body-idle-408-" + name, status == 408 and "ERR19004" in body and closed,
              "%d after %.1f s, closed=%s" % (status, took, closed))


# 3. HTTP/2 concurrency: advertised and enforced
@probe("3-h2-max-concurrent-streams")
def _():
    c = h2raw.H2(T["service"])
    limit = c.settings.get(3)
    refused = None
    if limit:
        for i in range(limit + 1):  # uploads that stay open: each waits for its body
            c.headers(1 + 2 * i, "POST", "/v1/pets", False, [("content-type", "application/json")])
        f = c.wait(lambda f: f[0] in (h2raw.RST_STREAM, h2raw.GOAWAY))
        refused = (f[0], f[2], int.from_bytes(f[3][:4], "big"))
    c.close()
    ok = limit == 100 and refused == (h2raw.RST_STREAM, 1 + 2 * limit, h2raw.REFUSED_STREAM)
    check("3-h2-max-concurrent-streams", ok, "SETTINGS_MAX_CONCURRENT_STREAMS=%s, extra stream: %s" % (limit, refused))


# 4. Expect: 100-continue
@probe("4-expect-100-continue")
def _():
    body = PET % 4001
    c = Conn(T["service"])
    c.send("POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"
           "Expect: 100-continue\r\n\r\n" % len(body))
    first = c.response()[0]
    c.send(body)
    final = c.response()[0]
    c.close()
    check("4-expect-100-continue", (first, final) == (100, 201), "interim %s, final %s" % (first, final))


@probe("4-expect-refused-final-status")
def _():
    c = Conn(T["embedded"])
    c.send("POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 20\r\n"
           "Expect: 100-continue\r\n\r\n")
    status = c.response()[0]
    c.close()
    check("4-expect-refused-final-status", status == 401, "no token: %s without a 100 first" % status)


# 5. body limits: sized and chunked over the limit are 413 with the error JSON, no stack trace
def chunked(n):
    out, sent = b"", 0
    while sent < n:
        part = min(65536, n - sent)
        out += b"%x\r\n" % part + b" " * part + b"\r\n"
        sent += part
    return out + b"0\r\n\r\n"


def body_limit(ident, port, limit, auth):
    over = limit + 20000
    outcomes = []
    for framing in ("sized", "chunked"):
        c = Conn(port, 10)
        head = "POST /v1/pets HTTP/1.1\r\nHost: x\r\n%sContent-Type: application/json\r\n" % auth
        if framing == "sized":
            c.send(head + "Content-Length: %d\r\n\r\n" % over).send(b" " * over)
        else:
            c.send(head + "Transfer-Encoding: chunked\r\n\r\n").send(chunked(over))
        status, _, body = c.response()
        again = c.send("GET /v1/pets HTTP/1.1\r\nHost: x\r\n%s\r\n" % auth).response()[0]
        c.close()
        outcomes.append((framing, status, "ERR10068" in body and "UT0" not in body, again))
    ok = all(s == 413 and js and a == 200 for _, s, js, a in outcomes)
    check(ident, ok, "(framing, status, error JSON, next request on the connection) %s" % outcomes)


@probe("5-body-limit-413")
def _():
    body_limit("5-body-limit-413", T["service"], T["max_body"], "")  # server.yml maxTransferFileSize


@probe("5-body-limit-413-generated")
def _():
    # the generated petstore: the body middleware's maxBodySize (body.yml) is the limit on its routes
    body_limit("5-body-limit-413-generated", T["embedded"], T["embedded_max_body"], AUTH)


# 6. framing errors close; identity does not hang; unknown versions
@probe("6-framing-xchunked-closes")
def _():
    c = Conn(T["service"])
    c.send("POST /v1/pets HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
           "GET /v1/pets HTTP/1.1\r\nHost: x\r\n\r\n")
    status, headers, body = c.response()
    closed = c.closed(2)
    c.close()
    check("6-framing-xchunked-closes", status == 400 and closed and headers.get("connection") == "close",
          "%d %s, closed without answering the pipelined request: %s" % (status, body[:60], closed))


@probe("6-framing-identity-no-hang")
def _():
    start = time.time()
    status, _, body = request(T["service"], "POST /v1/pets HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\n\r\n{}")
    check("6-framing-identity-no-hang", status == 400 and time.time() - start < 2, "%d after %.2f s" % (status, time.time() - start))


@probe("6-http-0.9-505")
def _():
    status = request(T["service"], "GET /v1/pets HTTP/0.9\r\nHost: x\r\n\r\n")[0]
    check("6-http-0.9-505", status == 505, status)


# 7. methods are case-sensitive
@probe("7-methods-case-sensitive")
def _():
    status = request(T["service"], "delete /v1/pets/1 HTTP/1.1\r\nHost: x\r\nkey: probe\r\n\r\n")[0]
    still = http_get(T["service"], "/v1/pets/1")[0]
    check("7-methods-case-sensitive", status == 405 and still == 200, "'delete' -> %d, pet 1 still there: %d" % (status, still))


# 8. error text hygiene
@probe("8-errors-in-lumens-words")
def _():
    leaks = []
    for body in ['{"id": }', "[" * 5000, '{"id": 1, "name": "x"}}']:
        status, _, text = request(T["embedded"], "POST /v1/pets HTTP/1.1\r\nHost: x\r\n%sContent-Type: application/json\r\n"
                                  "Content-Length: %d\r\n\r\n%s" % (AUTH, len(body), body))
        for needle in ("StreamReadConstraints", "(code ", "UT0", "java.", "com.fasterxml", "`"):
            if needle in text:
                leaks.append((status, needle))
    check("8-errors-in-lumens-words", not leaks, "library internals in 400s: %s" % leaks)


@probe("8-echoed-input-capped")
def _():
    path = "/" + "a" * 60000
    status, _, text = request(T["service"], "GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % path)
    check("8-echoed-input-capped", status == 404 and len(text) < 2000, "404 body of %d bytes for a 60 KB path" % len(text))


# 9. admin endpoints that change state are protected
@probe("9-admin-logger-protected")
def _():
    body = '[{"name":"audit","level":"OFF"}]'
    outcomes = []
    for auth in ("", AUTH, ADMIN):
        outcomes.append(request(T["embedded"], "POST /adm/logger HTTP/1.1\r\nHost: x\r\n%sContent-Type: application/json\r\n"
                                "Content-Length: %d\r\n\r\n%s" % (auth, len(body), body))[0])
    check("9-admin-logger-protected", outcomes[:2] == [401, 403] and outcomes[2] == 200,
          "no token, business token, admin token from loopback: %s" % outcomes)


# 10. drain: the 503 on a kept-alive connection carries the error JSON
@probe("10-drain-503-json")
def _():
    detail = T.get("drain")
    if detail is None:
        check("10-drain-503-json", False, "no drain target")
        return
    import os
    import signal
    kept = Conn(detail["port"])
    kept.send("GET /v1/pets HTTP/1.1\r\nHost: x\r\n\r\n").response()
    held = Conn(detail["port"], 10)  # a request in flight: its body trickles, so the drain waits for it
    held.send("POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 30\r\n\r\n{")
    time.sleep(0.3)
    os.kill(detail["pid"], signal.SIGTERM)
    status, headers, body = 0, {}, ""
    deadline = time.time() + 5
    while time.time() < deadline:
        status, headers, body = kept.send("GET /v1/pets HTTP/1.1\r\nHost: x\r\n\r\n").response()
        if status != 200:
            break
        time.sleep(0.05)
    kept.close()
    held.close()
    check("10-drain-503-json", status == 503 and "ERR19000" in body and headers.get("connection") == "close",
          "%d %s" % (status, body[:80]))


# 11. validator numbers and formats
def measure(body):
    return request(T["hostile"], "POST /measures HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                   "Content-Length: %d\r\n\r\n%s" % (len(body), body))[0]


@probe("11-numbers-exact")
def _():
    got = {b: measure(b) for b in ['{"big": 1e400}', '{"count": 1e400}', '{"amount": 0.0100000000000000000001}',
                                   '{"amount": 0.01}', '{"big": 1e999999999}']}
    want = {'{"big": 1e400}': 200, '{"count": 1e400}': 400, '{"amount": 0.0100000000000000000001}': 400,
            '{"amount": 0.01}': 200, '{"big": 1e999999999}': 400}
    check("11-numbers-exact", got == want, got)


@probe("11-numbers-exact-generated")
def _():
    # the generated petstore: the validator checks exact values before the adapter binds them to a long
    def pet(body):
        return request(T["embedded"], "POST /v1/pets HTTP/1.1\r\nHost: x\r\n%sContent-Type: application/json\r\n"
                       "Content-Length: %d\r\n\r\n%s" % (AUTH, len(body), body))[0]
    got = {b: pet(b) for b in ['{"id": 1e400, "name": "n"}', '{"id": 9223372036854775808, "name": "n"}',
                               '{"id": 4011.5, "name": "n"}', '{"id": 4.012e3, "name": "n"}']}
    got["GET /v1/pets/1e400"] = request(T["embedded"], "GET /v1/pets/1e400 HTTP/1.1\r\nHost: x\r\n%s\r\n" % AUTH)[0]
    want = {'{"id": 1e400, "name": "n"}': 400, '{"id": 9223372036854775808, "name": "n"}': 400,
            '{"id": 4011.5, "name": "n"}': 400, '{"id": 4.012e3, "name": "n"}': 201, "GET /v1/pets/1e400": 400}
    check("11-numbers-exact-generated", got == want, got)


@probe("11-date-time-rfc3339")
def _():
    valid = ["1985-04-12T23:20:50.52Z", "2000-01-01T00:00:00+23:59", "1990-12-31T23:59:60Z"]
    invalid = ["1985-04-12T23:20:50.52Zjunk", "1985-04-12 23:20:50Z", "2023-02-29T00:00:00Z", "1990-12-31T23:58:60Z"]
    wrong = [v for v in valid if measure('{"at": "%s"}' % v) != 200] + [v for v in invalid if measure('{"at": "%s"}' % v) != 400]
    check("11-date-time-rfc3339", not wrong, "misjudged: %s" % wrong)


# 12. repeated single-valued parameters, deepObject empty key
@probe("12-repeated-parameters")
def _():
    got = [request(T["hostile"], "GET %s HTTP/1.1\r\nHost: x\r\n%s\r\n" % (p, h))[0] for p, h in [
        ("/search?q=a&q=b", ""), ("/search?filter[a]=1&filter[a]=2", ""), ("/search", "X-Id: 1\r\nX-Id: 2\r\n"),
        ("/search", "Cookie: session=a; session=b\r\n"), ("/search?filter[]=1", ""), ("/search?q=a&tags=x&tags=y", "")]]
    check("12-repeated-parameters", got == [400, 400, 400, 400, 400, 200], got)


# 13. proxy timeouts: a slow upload is not a 504
@probe("13-proxy-slow-upload")
def _():
    body = PET % 4013
    c = Conn(T["proxy_strict"], 15)
    c.send("POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body))
    for ch in body:
        c.send(ch)
        time.sleep(1.5 / len(body))  # 1.5 s upload against maxRequestTime 500 ms
    status = c.response()[0]
    c.close()
    check("13-proxy-slow-upload", status == 201, "%d (maxRequestTime 500 ms, upload 1.5 s)" % status)


# 14. X-Forwarded-Port, 415 text, OPTIONS / 405 Allow
@probe("14-x-forwarded-port")
def _():
    status, _, body = request(T["proxy_echo"], "GET /echo HTTP/1.1\r\nHost: example.com:9999\r\n\r\n")
    seen = json.loads(body) if status == 200 else {}
    check("14-x-forwarded-port", seen.get("x-forwarded-port") == str(T["proxy_echo"]), "upstream saw %s" % seen.get("x-forwarded-port"))


@probe("14-415-description")
def _():
    status, _, body = request(T["embedded"], "POST /v1/pets HTTP/1.1\r\nHost: x\r\n%sContent-Type: text/csv\r\n"
                              "Content-Length: 3\r\n\r\na,b" % AUTH)
    description = json.loads(body).get("description", "")
    check("14-415-description", status == 415 and description == "Content type text/csv is not supported", description)


@probe("15-options-and-allow")
def _():
    options = request(T["embedded"], "OPTIONS /v1/pets HTTP/1.1\r\nHost: x\r\n\r\n")
    put = request(T["embedded"], "PUT /v1/pets HTTP/1.1\r\nHost: x\r\n%sContent-Length: 0\r\n\r\n" % AUTH)
    ok = options[0] == 204 and options[1].get("allow") == "GET, HEAD, OPTIONS, POST" and put[0] == 405 \
        and put[1].get("allow") == "GET, HEAD, OPTIONS, POST"
    check("15-options-and-allow", ok, "OPTIONS %d Allow %s; PUT %d Allow %s" % (options[0], options[1].get("allow"),
                                                                                 put[0], put[1].get("allow")))


# 16. a body that breaks off before its Content-Length is 400, never an answer as if it had been read
@probe("16-broken-body-400")
def _():
    seen = {}
    for name, port, auth in [("service", T["service"], ""), ("embedded", T["embedded"], AUTH), ("proxy", T["proxy"], "")]:
        c = Conn(port)
        try:
            c.send("POST /v1/pets HTTP/1.1\r\nHost: x\r\n%sContent-Type: application/json\r\nContent-Length: 40\r\n\r\n"
                   '{"id": 9301, "name": "x"}' % auth)
            c.s.shutdown(socket.SHUT_WR)
            status, headers, body = c.response()
            seen[name] = (status, json.loads(body).get("code") if body else None)
        finally:
            c.close()
    check("16-broken-body-400", all(v == (400, "ERR19002") for v in seen.values()), seen)


# 17. an h2c upgrade whose HTTP2-Settings does not decode is the error JSON, not a bare 500
@probe("17-h2c-bad-settings-400")
def _():
    c = Conn(T["service"])
    try:
        c.send("GET /v1/pets HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
               "HTTP2-Settings: !!!\r\n\r\n")
        status, _, body = c.response()
        again = c.send("GET /v1/pets HTTP/1.1\r\nHost: x\r\n\r\n").response()[0]
    finally:
        c.close()
    check("17-h2c-bad-settings-400", status == 400 and '"ERR19002"' in body and again == 200, (status, body[:80], again))


# 18. the client's forwarding claims do not reach the upstream (X-Forwarded-* are replaced, the rest dropped)
@probe("18-forwarded-claims-dropped")
def _():
    status, _, body = request(T["proxy_echo"], "GET /echo HTTP/1.1\r\nHost: x\r\nForwarded: for=6.6.6.6;proto=https\r\n"
                              "X-Real-IP: 6.6.6.6\r\nX-Forwarded-Prefix: /admin\r\nX-Forwarded-For: 6.6.6.6\r\n\r\n")
    seen = json.loads(body) if status == 200 else {}
    leaked = [h for h in ("forwarded", "x-real-ip", "x-forwarded-prefix") if h in seen]
    check("18-forwarded-claims-dropped", status == 200 and not leaked and seen.get("x-forwarded-for") == "127.0.0.1",
          "leaked %s, X-Forwarded-For %s" % (leaked, seen.get("x-forwarded-for")))


# 19. a key twice in one JSON object is refused, not read as its last value
@probe("19-duplicate-json-keys")
def _():
    status, _, body = request(T["embedded"], "POST /v1/pets HTTP/1.1\r\nHost: x\r\n%sContent-Type: application/json\r\n"
                              "Content-Length: 37\r\n\r\n{\"id\": 9302, \"id\": 9303, \"name\": \"d\"}" % AUTH)
    check("19-duplicate-json-keys", status == 400 and "appears twice" in body, (status, body[:120]))


for ident, result, detail in RESULTS:
    print("%s|%s|%s" % (ident, result, detail))
