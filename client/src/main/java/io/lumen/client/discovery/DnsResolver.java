package io.lumen.client.discovery;

import org.xbill.DNS.AAAARecord;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.ExtendedResolver;
import org.xbill.DNS.Lookup;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Resolver;
import org.xbill.DNS.SRVRecord;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.TextParseException;
import org.xbill.DNS.Type;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Resolves one name to its endpoints through dnsjava: the A and AAAA records of the name (every
 * address with the configured port), or with SRV the records of the lowest priority and each
 * target's addresses with the record's port. No cache: every call asks the server, so a record that
 * changed is seen at the next resolution. Blocking (bounded by the configured timeout); called from
 * {@link DnsDiscovery}'s thread. Thread-safe.
 */
public final class DnsResolver {
    /** What one resolution found: the endpoints, sorted, and the shortest TTL among the records used. */
    public record Answer(List<Endpoint> endpoints, long ttlSeconds) {
    }

    private final Resolver resolver;
    private final boolean system;
    private final boolean srv;

    public DnsResolver(DiscoveryConfig config) {
        Duration timeout = Duration.ofMillis(config.timeout());
        List<InetSocketAddress> servers = config.resolverAddresses();
        this.system = servers.isEmpty();
        if (system) {
            ExtendedResolver r = new ExtendedResolver(); // resolv.conf's servers
            r.setTimeout(timeout);
            r.setRetries(1);
            this.resolver = r;
        } else if (servers.size() == 1) {
            SimpleResolver r = new SimpleResolver(servers.get(0));
            r.setTimeout(timeout);
            this.resolver = r;
        } else {
            List<Resolver> list = new ArrayList<>();
            for (InetSocketAddress a : servers) {
                SimpleResolver r = new SimpleResolver(a);
                r.setTimeout(timeout);
                list.add(r);
            }
            ExtendedResolver r = new ExtendedResolver(list);
            r.setTimeout(timeout);
            r.setRetries(1);
            this.resolver = r;
        }
        this.srv = config.srv();
    }

    /** The endpoints of {@code host} (port {@code port} unless SRV records give theirs). */
    public Answer resolve(String host, String scheme, int port) throws DiscoveryException {
        if (!srv) {
            long[] ttl = {Long.MAX_VALUE};
            TreeSet<Endpoint> found = new TreeSet<>();
            addresses(host, port, found, ttl);
            if (found.isEmpty()) {
                throw new DiscoveryException(host + " has no A or AAAA records");
            }
            return new Answer(List.copyOf(found), ttl[0]);
        }
        String srvName = host.startsWith("_") ? host : "_" + scheme + "._tcp." + host;
        Record[] records = lookup(srvName, Type.SRV);
        if (records.length == 0) {
            throw new DiscoveryException(srvName + " has no SRV records");
        }
        int best = Integer.MAX_VALUE;
        for (Record r : records) {
            best = Math.min(best, ((SRVRecord) r).getPriority());
        }
        long[] ttl = {Long.MAX_VALUE};
        TreeSet<Endpoint> found = new TreeSet<>();
        for (Record r : records) {
            SRVRecord s = (SRVRecord) r;
            // RFC 2782: a lower priority is used while any of it is there; "." means no service
            if (s.getPriority() != best || s.getTarget().equals(Name.root)) {
                continue;
            }
            ttl[0] = Math.min(ttl[0], s.getTTL());
            addresses(s.getTarget().toString(), s.getPort(), found, ttl);
        }
        if (found.isEmpty()) {
            throw new DiscoveryException(srvName + ": no SRV target has an address");
        }
        return new Answer(List.copyOf(found), ttl[0]);
    }

    private void addresses(String host, int port, TreeSet<Endpoint> into, long[] ttl) throws DiscoveryException {
        for (int type : new int[] {Type.A, Type.AAAA}) {
            for (Record r : lookup(host, type)) {
                ttl[0] = Math.min(ttl[0], r.getTTL());
                if (r instanceof ARecord a) {
                    into.add(new Endpoint(a.getAddress(), port));
                } else if (r instanceof AAAARecord a) {
                    into.add(new Endpoint(a.getAddress(), port));
                }
            }
        }
    }

    /** The records of one type; none for a name or type that does not exist; an exception when the server could not say. */
    private Record[] lookup(String host, int type) throws DiscoveryException {
        Lookup lookup;
        try {
            // with resolvers of our own, names are absolute; with the system's, resolv.conf's search domains apply
            lookup = system ? new Lookup(Name.fromString(host), type) : new Lookup(Name.fromString(host, Name.root), type);
        } catch (TextParseException e) {
            throw new DiscoveryException("'" + host + "' is not a valid DNS name: " + e.getMessage());
        }
        lookup.setResolver(resolver);
        lookup.setCache(null); // a private cache per lookup: always asks the server
        if (!system) {
            lookup.setHostsFileParser(null); // /etc/hosts is the system resolver's business
        }
        Record[] records = lookup.run();
        return switch (lookup.getResult()) {
            case Lookup.SUCCESSFUL -> records;
            case Lookup.HOST_NOT_FOUND, Lookup.TYPE_NOT_FOUND -> new Record[0];
            default -> throw new DiscoveryException(host + " " + Type.string(type) + ": " + lookup.getErrorString());
        };
    }
}
