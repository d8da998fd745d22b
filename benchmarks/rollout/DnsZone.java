import org.xbill.DNS.ARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A tiny authoritative DNS server for the rollout run (a single-file program: java -cp dnsjava.jar
 * DnsZone.java IP PORT ZONE). It answers A questions from ZONE, a text file of "name ttl address"
 * lines that the run script rewrites to add or remove an instance; the file is read again for every
 * question, so a change is seen at once. Unknown names get NXDOMAIN; other types an empty answer.
 * Loopback only: the script passes 127.0.0.1.
 */
public class DnsZone {
    public static void main(String[] args) throws Exception {
        if (args.length != 3 || !InetAddress.getByName(args[0]).isLoopbackAddress()) {
            System.err.println("usage: DnsZone LOOPBACK_IP PORT ZONE_FILE");
            System.exit(2);
        }
        Path zone = Path.of(args[2]);
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(args[0]), Integer.parseInt(args[1])))) {
            System.out.println("dns listening on " + args[0] + ":" + args[1] + " for " + zone);
            byte[] buf = new byte[1500];
            while (true) {
                DatagramPacket in = new DatagramPacket(buf, buf.length);
                socket.receive(in);
                Message query;
                try {
                    query = new Message(Arrays.copyOf(in.getData(), in.getLength()));
                } catch (java.io.IOException e) {
                    continue; // not DNS: ignore
                }
                byte[] out = answer(query, Files.readAllLines(zone)).toWire(512);
                socket.send(new DatagramPacket(out, out.length, in.getSocketAddress()));
            }
        }
    }

    static Message answer(Message query, List<String> lines) throws Exception {
        Message response = new Message(query.getHeader().getID());
        response.getHeader().setFlag(Flags.QR);
        response.getHeader().setFlag(Flags.AA);
        Record question = query.getQuestion();
        response.addRecord(question, Section.QUESTION);
        boolean known = false;
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length != 3 || line.startsWith("#")) {
                continue;
            }
            Name name = Name.fromString(f[0], Name.root);
            if (!name.equals(question.getName())) {
                continue;
            }
            known = true;
            if (question.getType() == Type.A) {
                response.addRecord(new ARecord(name, DClass.IN, Long.parseLong(f[1]), InetAddress.getByName(f[2])), Section.ANSWER);
            }
        }
        if (!known) {
            response.getHeader().setRcode(Rcode.NXDOMAIN);
        }
        return response;
    }
}
