package io.lumen.proxy.gateway;

import io.undertow.server.HttpServerExchange;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The gateway's routes in a character trie of their prefixes: a lookup walks the request path
 * once, so it costs O(path length) whatever the number of routes, and allocates nothing. A prefix
 * matches whole segments ({@code /api} takes {@code /api} and {@code /api/x}, not {@code /apix});
 * the longest matching prefix is tried first, its routes in their order, then the next shorter
 * prefix that matches, and so on (a route that matches on method, host or header lets the others
 * of the same path have the rest). Immutable after {@link Builder#build()}; thread-safe.
 */
final class RouteTable {
    private final Node root;
    private final int size;

    private RouteTable(Node root, int size) {
        this.root = root;
        this.size = size;
    }

    /** The route for {@code exchange} whose decoded path is {@code path} (starting with /), or null. */
    Route find(String path, HttpServerExchange exchange) {
        Node node = root;
        Node deepest = root.routes.length > 0 ? root : null;
        int n = path.length();
        for (int i = 0; i < n; i++) {
            node = node.child(path.charAt(i));
            if (node == null) {
                break;
            }
            if (node.routes.length > 0 && (i + 1 == n || path.charAt(i + 1) == '/')) {
                deepest = node;
            }
        }
        for (Node candidate = deepest; candidate != null; candidate = candidate.shorter) {
            for (Route r : candidate.routes) {
                if (r.accepts(exchange)) {
                    return r;
                }
            }
        }
        return null;
    }

    int size() {
        return size;
    }

    /** Collects routes by normalised prefix ({@code /api/} and {@code /api} are one; {@code /} is the root). */
    static final class Builder {
        private final TreeMap<String, List<Route>> byPrefix = new TreeMap<>();
        private int size;

        void add(String normalisedPrefix, Route route) {
            byPrefix.computeIfAbsent(normalisedPrefix, p -> new ArrayList<>()).add(route);
            size++;
        }

        RouteTable build() {
            Building root = new Building();
            for (var e : byPrefix.entrySet()) {
                Building node = root;
                for (char c : e.getKey().toCharArray()) {
                    node = node.children.computeIfAbsent(c, k -> new Building());
                }
                node.routes = e.getValue();
            }
            return new RouteTable(root.freeze(null), size);
        }
    }

    /** A trie node while the table is built. */
    private static final class Building {
        final TreeMap<Character, Building> children = new TreeMap<>();
        List<Route> routes = List.of();

        /**
         * @param nearest the nearest ancestor with routes whose prefix ends at a segment boundary of this node's prefix
         */
        Node freeze(Node nearest) {
            Node node = new Node(routes.toArray(Route[]::new), nearest);
            node.keys = new char[children.size()];
            node.kids = new Node[children.size()];
            // for a child reached through '/', this node (if it has routes) is a whole-segment prefix of it
            Node forSlashChild = node.routes.length > 0 ? node : nearest;
            int i = 0;
            for (var e : children.entrySet()) {
                char c = e.getKey();
                node.keys[i] = c;
                node.kids[i] = e.getValue().freeze(c == '/' ? forSlashChild : nearest);
                i++;
            }
            return node;
        }
    }

    private static final class Node {
        final Route[] routes;
        /** The next shorter prefix with routes that matches wherever this one does. */
        final Node shorter;
        char[] keys;
        Node[] kids;

        Node(Route[] routes, Node shorter) {
            this.routes = routes;
            this.shorter = shorter;
        }

        Node child(char c) {
            int lo = 0;
            int hi = keys.length - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                char k = keys[mid];
                if (k < c) {
                    lo = mid + 1;
                } else if (k > c) {
                    hi = mid - 1;
                } else {
                    return kids[mid];
                }
            }
            return null;
        }
    }
}
