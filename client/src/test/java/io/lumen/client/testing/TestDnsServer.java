package io.lumen.client.testing;

import org.xbill.DNS.AAAARecord;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.SRVRecord;
import org.xbill.DNS.Section;
import org.xbill.DNS.TextParseException;
import org.xbill.DNS.Type;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An authoritative DNS server for tests, on a free UDP port of 127.0.0.1: answers A, AAAA and SRV
 * questions from records the test sets (dnsjava builds and parses the messages), NXDOMAIN for
 * unknown names. It can be told to answer SERVFAIL or not at all (a timeout). One daemon thread.
 */
public final class TestDnsServer implements AutoCloseable {
    public enum Mode { ANSWER, SERVFAIL, SILENT }

    private final DatagramSocket socket;
    private final Map<String, List<Record>> records = new ConcurrentHashMap<>();
    private final AtomicInteger queries = new AtomicInteger();
    private volatile Mode mode = Mode.ANSWER;
    private final Thread thread;

    public TestDnsServer() throws SocketException {
        socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        thread = new Thread(this::serve, "test-dns");
        thread.setDaemon(true);
        thread.start();
    }

    /** {@code 127.0.0.1:port}, as discovery.resolvers takes it. */
    public String address() {
        return "127.0.0.1:" + socket.getLocalPort();
    }

    /** Replaces the A/AAAA records of {@code name} with one per address. */
    public TestDnsServer addresses(String name, long ttl, String... ips) {
        Name n = name(name);
        List<Record> list = new ArrayList<>(others(n, Type.A, Type.AAAA));
        for (String ip : ips) {
            InetAddress a = literal(ip);
            list.add(a instanceof Inet6Address ? new AAAARecord(n, DClass.IN, ttl, a) : new ARecord(n, DClass.IN, ttl, a));
        }
        records.put(key(n), list);
        return this;
    }

    /** Replaces the SRV records of {@code name}; each target is {@code "priority weight port target"}. */
    public TestDnsServer srv(String name, long ttl, String... targets) {
        Name n = name(name);
        List<Record> list = new ArrayList<>(others(n, Type.SRV));
        for (String t : targets) {
            String[] p = t.split(" ");
            list.add(new SRVRecord(n, DClass.IN, ttl, Integer.parseInt(p[0]), Integer.parseInt(p[1]),
                    Integer.parseInt(p[2]), name(p[3])));
        }
        records.put(key(n), list);
        return this;
    }

    public TestDnsServer remove(String name) {
        records.remove(key(name(name)));
        return this;
    }

    public void mode(Mode mode) {
        this.mode = mode;
    }

    /** Questions received so far. */
    public int queries() {
        return queries.get();
    }

    @Override
    public void close() {
        socket.close();
    }

    private void serve() {
        byte[] buf = new byte[1500];
        while (!socket.isClosed()) {
            DatagramPacket in = new DatagramPacket(buf, buf.length);
            try {
                socket.receive(in);
                queries.incrementAndGet();
                Message query = new Message(Arrays.copyOf(in.getData(), in.getLength()));
                if (mode == Mode.SILENT) {
                    continue;
                }
                byte[] out = answer(query).toWire(512);
                socket.send(new DatagramPacket(out, out.length, in.getSocketAddress()));
            } catch (IOException e) {
                if (socket.isClosed()) {
                    return;
                }
            }
        }
    }

    private Message answer(Message query) {
        Message response = new Message(query.getHeader().getID());
        response.getHeader().setFlag(Flags.QR);
        response.getHeader().setFlag(Flags.AA);
        Record question = query.getQuestion();
        response.addRecord(question, Section.QUESTION);
        if (mode == Mode.SERVFAIL) {
            response.getHeader().setRcode(Rcode.SERVFAIL);
            return response;
        }
        List<Record> list = records.get(key(question.getName()));
        if (list == null) {
            response.getHeader().setRcode(Rcode.NXDOMAIN);
            return response;
        }
        for (Record r : list) {
            if (r.getType() == question.getType()) {
                response.addRecord(r, Section.ANSWER);
            }
        }
        return response; // NOERROR with no answer: the name exists without records of that type
    }

    private List<Record> others(Name n, int... types) {
        List<Record> kept = new ArrayList<>();
        for (Record r : records.getOrDefault(key(n), List.of())) {
            boolean replaced = false;
            for (int t : types) {
                replaced |= r.getType() == t;
            }
            if (!replaced) {
                kept.add(r);
            }
        }
        return kept;
    }

    private static String key(Name n) {
        return n.toString().toLowerCase(Locale.ROOT);
    }

    private static Name name(String s) {
        try {
            return Name.fromString(s, Name.root);
        } catch (TextParseException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static InetAddress literal(String ip) {
        try {
            return InetAddress.getByName(ip); // a literal: no lookup
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(ip, e);
        }
    }
}
