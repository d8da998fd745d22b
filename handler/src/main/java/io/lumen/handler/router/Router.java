package io.lumen.handler.router;

import io.lumen.path.PathTemplate;
import io.undertow.util.HttpString;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Finds the route of a request. Literal paths: one {@link HashMap} lookup. Templates: a segment
 * trie searched depth-first with literal segments before parameters with text around them
 * ({@code {sid}.json}, the most text first) before {@code {param}} before {@code *}; the
 * first route that also has the request's method wins, so {@code DELETE /pets/mine} can still reach
 * {@code DELETE /pets/{id}} when {@code /pets/mine} only has GET. Immutable: {@link Builder#build()} hands the
 * router the builder's trie, and the builder takes no route after that.
 */
public final class Router {
    private final Map<String, MethodTable> literal;
    private final Node root;
    private final List<Route> routes;
    /** Only '/*' routes at the root: every path goes there, whatever its segments. */
    private final boolean catchAllOnly;

    private Router(Map<String, MethodTable> literal, Node root, List<Route> routes) {
        this.catchAllOnly = root.literals.isEmpty() && root.param == null && root.affixed.length == 0 && root.here == null && root.wildcard != null;
        this.literal = literal;
        this.root = root;
        this.routes = routes;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Every route, in declaration order. */
    public List<Route> routes() {
        return routes;
    }

    /** Fast path: the table of a literal path, or {@code null}. */
    MethodTable literal(String path) {
        return literal.get(path);
    }

    /** The outcome of a full search. */
    record Match(Route route, String[] values, String rest, TreeSet<String> allowed) {
    }

    /**
     * Searches the trie. Returns a match with a route when one has {@code method}; otherwise a
     * match with {@code allowed} holding the methods of every route whose path matched (empty:
     * no route has this path).
     */
    Match find(HttpString method, String path) {
        if (routes.isEmpty()) { // e.g. a gateway's handler.yml, only defaultHandlers: nothing to split, search or allocate
            return NO_ROUTE;
        }
        if (catchAllOnly) { // e.g. a proxy's '/*': no segment to split or search
            Route r = root.wildcard.find(method);
            if (r != null) {
                return new Match(r, NO_VALUES, path.isEmpty() ? "" : path.substring(1), null);
            }
        }
        String[] segments = split(path);
        String[] values = new String[segments.length];
        Search s = new Search(method, path, segments, values);
        s.walk(root, 0, 0);
        if (s.found != null) {
            return new Match(s.found, s.foundParams == values.length ? values : Arrays.copyOf(values, s.foundParams),
                    s.rest, null);
        }
        return s.allowed == null ? NO_ROUTE : new Match(null, null, null, s.allowed);
    }

    private static final String[] NO_VALUES = new String[0];
    /** The match of a path no route has (shared, so a miss allocates no result): {@code allowed} is empty and never changed. */
    private static final Match NO_ROUTE = new Match(null, null, null, new TreeSet<>());
    /** Matches no route: a search with it walks every route of a path, collecting their methods. */
    private static final HttpString NO_METHOD = new HttpString("\u0000");

    /**
     * The methods of every route whose template matches {@code path} (with HEAD for GET, and
     * OPTIONS), in alphabetical order; empty when no route has this path. For {@code Allow}.
     */
    public TreeSet<String> allowed(String path) {
        TreeSet<String> allowed = find(NO_METHOD, path).allowed();
        return allowed == null || allowed.isEmpty() ? new TreeSet<>() : allowed; // never the shared empty set
    }

    private static String[] split(String path) {
        if (path.isEmpty() || path.equals("/")) {
            return new String[0];
        }
        return path.substring(1).split("/", -1);
    }

    /** One trie node: a segment position. */
    private static final class Node {
        final Map<String, Node> literals = new HashMap<>();
        Affixed[] affixed = NO_AFFIXED; // parameters with text around them, the most text first
        Node param;
        MethodTable here;     // routes ending at this node
        MethodTable wildcard; // routes ending with '/*' below this node

        Node affixed(PathTemplate.Segment segment) {
            for (Affixed a : affixed) {
                if (a.segment.prefix().equals(segment.prefix()) && a.segment.suffix().equals(segment.suffix())) {
                    return a.node;
                }
            }
            Affixed added = new Affixed(segment, new Node());
            Affixed[] more = Arrays.copyOf(affixed, affixed.length + 1);
            more[affixed.length] = added;
            Arrays.sort(more, (a, b) -> Integer.compare(b.segment.affixLength(), a.segment.affixLength()));
            affixed = more;
            return added.node;
        }
    }

    private static final Affixed[] NO_AFFIXED = new Affixed[0];

    /** A parameter segment such as {@code {sid}.json} and the node below it. */
    private record Affixed(PathTemplate.Segment segment, Node node) {
    }

    private static final class Search {
        final HttpString method;
        final String path;
        final String[] segments;
        final String[] values;
        TreeSet<String> allowed; // only when a path matches without the method: the rare 405
        Route found;
        int foundParams;
        String rest;

        Search(HttpString method, String path, String[] segments, String[] values) {
            this.method = method;
            this.path = path;
            this.segments = segments;
            this.values = values;
        }

        boolean walk(Node node, int index, int params) {
            if (index == segments.length && node.here != null) {
                if (take(node.here, params, -1)) {
                    return true;
                }
            }
            if (index < segments.length) {
                Node lit = node.literals.get(segments[index]);
                if (lit != null && walk(lit, index + 1, params)) {
                    return true;
                }
                for (Affixed a : node.affixed) {
                    String seg = segments[index];
                    if (a.segment.matchesAffixed(seg, 0, seg.length())) {
                        values[params] = seg.substring(a.segment.prefix().length(), seg.length() - a.segment.suffix().length());
                        if (walk(a.node, index + 1, params + 1)) {
                            return true;
                        }
                    }
                }
                if (node.param != null && !segments[index].isEmpty()) {
                    values[params] = segments[index];
                    if (walk(node.param, index + 1, params + 1)) {
                        return true;
                    }
                }
            }
            if (node.wildcard != null) {
                return take(node.wildcard, params, index);
            }
            return false;
        }

        /** @param restFrom the segment where a wildcard's rest of the path starts, or -1 */
        private boolean take(MethodTable table, int params, int restFrom) {
            Route r = table.find(method);
            if (r != null) {
                found = r;
                foundParams = params;
                rest = restFrom < 0 ? null : rest(restFrom);
                return true;
            }
            if (allowed == null) {
                allowed = new TreeSet<>();
            }
            table.allowed(allowed);
            return false;
        }

        /** The path after the first {@code index} segments, without the leading slash. */
        private String rest(int index) {
            if (index >= segments.length) {
                return "";
            }
            int at = 1; // after the leading '/'
            for (int i = 0; i < index; i++) {
                at += segments[i].length() + 1;
            }
            return path.substring(at);
        }
    }

    /** Collects routes and rejects duplicates and equivalent templates. Builds one router. */
    public static final class Builder {
        private boolean built;
        private final Map<String, MethodTable> literal = new HashMap<>();
        private final Node root = new Node();
        private final List<Route> routes = new ArrayList<>();
        private final Map<String, Route> byShapeAndMethod = new LinkedHashMap<>();

        /** Adds a route; throws {@link IllegalArgumentException} naming the conflicting route. */
        public Builder add(Route route) {
            if (built) {
                throw new IllegalStateException("this builder has built its router, which shares its trie: use a new builder");
            }
            PathTemplate t = route.template();
            String shape = t.shape();
            Route same = byShapeAndMethod.get(route.method() + " " + shape);
            if (same != null) {
                String how = same.template().text().equals(t.text()) ? "is declared twice" : "is equivalent to "
                        + same.method() + " " + same.template().text();
                throw new IllegalArgumentException("route " + route.method() + " " + t.text() + " " + how
                        + " (first declared at " + same.origin() + ")");
            }
            // another method on the same path may name its parameters differently (a spec's /Files/{FileId} GET beside
            // /Files/{FolderId} POST, Xero's): values are positional, and each route names them by its own template
            byShapeAndMethod.put(route.method() + " " + shape, route);
            routes.add(route);
            if (t.isLiteral()) {
                literal.computeIfAbsent(t.text(), k -> new MethodTable()).add(route);
            }
            Node node = root;
            for (PathTemplate.Segment segment : t.parts()) {
                if (segment.isAffixed()) {
                    node = node.affixed(segment);
                } else if (segment.isParameter()) {
                    if (node.param == null) {
                        node.param = new Node();
                    }
                    node = node.param;
                } else {
                    node = node.literals.computeIfAbsent(segment.literal(), k -> new Node());
                }
            }
            if (t.hasWildcard()) {
                if (node.wildcard == null) {
                    node.wildcard = new MethodTable();
                }
                node.wildcard.add(route);
            } else {
                if (node.here == null) {
                    node.here = new MethodTable();
                }
                node.here.add(route);
            }
            return this;
        }

        /** The router of the routes added so far; this builder takes no route after it. */
        public Router build() {
            built = true;
            return new Router(new HashMap<>(literal), root, List.copyOf(routes));
        }
    }
}
