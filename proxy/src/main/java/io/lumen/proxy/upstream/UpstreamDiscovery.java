package io.lumen.proxy.upstream;

import io.lumen.client.discovery.DnsDiscovery;
import io.lumen.client.discovery.Endpoint;
import io.lumen.proxy.config.ProxyConfig;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * Fills {@link Upstreams} from {@code proxy.yml}'s hosts: a host given as an address is one
 * upstream; with {@code discovery.enabled}, a host given as a name is resolved through DNS
 * ({@link DnsDiscovery}) and each of its addresses is an upstream, the set following every change
 * of the name's records. Names are resolved once while the proxy starts; one that does not resolve
 * yet leaves its group empty (requests get 503 while no other upstream is there) and is retried
 * in the background. Closing stops the resolutions. Thread-safe.
 */
public final class UpstreamDiscovery implements AutoCloseable {
    /** One discovered host of proxy.yml and its watch. */
    public record Discovered(String host, DnsDiscovery.Watch watch) {
    }

    private final DnsDiscovery discovery;
    private final List<Discovered> discovered = new ArrayList<>();

    public UpstreamDiscovery(ProxyConfig config, Upstreams upstreams) {
        List<URI> uris = config.upstreams();
        boolean any = uris.stream().anyMatch(config::discovered);
        this.discovery = any ? new DnsDiscovery(config.discovery(), "lumen-proxy-dns") : null;
        for (URI uri : uris) {
            String group = uri.toString();
            if (!config.discovered(uri)) {
                upstreams.replace(group, null, null, List.of(uri));
                continue;
            }
            String scheme = uri.getScheme();
            String hostHeader = uri.getHost() + ":" + uri.getPort();
            DnsDiscovery.Watch w = discovery.watch(uri.getHost(), scheme, uri.getPort(),
                    endpoints -> upstreams.replace(group, hostHeader, uri.getHost(), uris(scheme, endpoints)));
            discovered.add(new Discovered(group, w));
        }
    }

    /** The hosts found through DNS, with their watches (for metrics). */
    public List<Discovered> discovered() {
        return List.copyOf(discovered);
    }

    private static List<URI> uris(String scheme, List<Endpoint> endpoints) {
        List<URI> list = new ArrayList<>(endpoints.size());
        for (Endpoint e : endpoints) {
            list.add(URI.create(scheme + "://" + e.uriHost() + ":" + e.port()));
        }
        return list;
    }

    @Override
    public void close() {
        if (discovery != null) {
            discovery.close();
        }
    }
}
