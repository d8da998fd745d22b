package io.lumen.validator.specification;

import io.lumen.http.HttpMethods;
import io.lumen.openapi.Operation;
import io.lumen.path.PathTemplate;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Finds the operation of a request path and method. Literal paths: one map lookup, no allocation.
 * Templates: a segment trie walked on the path string (no split), literal children before
 * parameters with text around them ({@code {Sid}.json}, the most text first) before the
 * {@code {param}} child, so {@code /pets/mine} beats {@code /pets/{id}}. The first path that matches
 * decides, as OpenAPI matches concrete paths before templated ones: {@code DELETE /pets/mine} when
 * {@code /pets/mine} has only GET is 405 with that path's {@code Allow}, not {@code DELETE /pets/{id}}
 * with {@code id=mine}. {@code HEAD} falls back to {@code GET}. Immutable, thread-safe.
 */
public final class OperationMatcher {
    private final Map<String, PathMethods> literal = new HashMap<>();
    private final Node root = new Node();

    public OperationMatcher(List<Operation> operations) {
        // by the path's shape: a spec may give one path other parameter names per method (OperationReader allows it)
        Map<String, List<Operation>> byShape = new LinkedHashMap<>();
        for (Operation op : operations) {
            byShape.computeIfAbsent(PathTemplate.parse(op.template()).shape(), k -> new ArrayList<>()).add(op);
        }
        for (List<Operation> ops : byShape.values()) {
            PathTemplate template = PathTemplate.parse(ops.get(0).template());
            Node node = root;
            for (PathTemplate.Segment seg : template.parts()) {
                if (seg.isAffixed()) {
                    node = node.affixed(seg);
                } else if (seg.isParameter()) {
                    node = node.param == null ? (node.param = new Node()) : node.param;
                } else {
                    node = node.child(seg.literal());
                }
            }
            PathMethods methods = new PathMethods(ops);
            node.here = methods;
            if (template.isLiteral()) {
                literal.put(template.text(), methods);
            }
        }
    }

    /** What a lookup found: an operation, or the methods allowed on the path (empty: unknown path). */
    public record Result(OperationMatch match, TreeSet<String> allowed) {
    }

    /** The match of {@code method path}; a result without match tells 404 (no allowed methods) from 405. */
    public Result find(HttpString method, String path) {
        PathMethods lit = literal.get(path);
        if (lit != null) {
            int at = lit.find(method);
            if (at >= 0) {
                return new Result(lit.literalMatches[at], null);
            }
            TreeSet<String> allowed = new TreeSet<>();
            lit.allowed(allowed);
            return new Result(null, allowed); // the concrete path decides: no template gets its other methods
        }
        Search s = new Search(method, path);
        s.walk(root, path.isEmpty() ? 0 : 1, 0);
        if (s.found != null) {
            String[] values = new String[s.foundDepth];
            for (int i = 0; i < values.length; i++) {
                values[i] = path.substring(s.starts[i], s.ends[i]);
            }
            return new Result(new OperationMatch(s.found, s.foundMethods.names[s.foundIndex], values), null);
        }
        return new Result(null, s.allowed);
    }

    private static final class Node {
        String[] literalNames = new String[0];
        Node[] literalNodes = new Node[0];
        PathTemplate.Segment[] affixed = new PathTemplate.Segment[0]; // {Sid}.json, the most text first
        Node[] affixedNodes = new Node[0];
        Node param;
        PathMethods here;

        Node affixed(PathTemplate.Segment seg) {
            int at = 0;
            for (; at < affixed.length && affixed[at].affixLength() >= seg.affixLength(); at++) {
                if (affixed[at].prefix().equals(seg.prefix()) && affixed[at].suffix().equals(seg.suffix())) {
                    return affixedNodes[at];
                }
            }
            affixed = insert(affixed, at, seg);
            affixedNodes = insert(affixedNodes, at, new Node());
            return affixedNodes[at];
        }

        private static <T> T[] insert(T[] a, int at, T v) {
            T[] out = Arrays.copyOf(a, a.length + 1);
            System.arraycopy(a, at, out, at + 1, a.length - at);
            out[at] = v;
            return out;
        }

        Node child(String seg) {
            for (int i = 0; i < literalNames.length; i++) {
                if (literalNames[i].equals(seg)) {
                    return literalNodes[i];
                }
            }
            literalNames = Arrays.copyOf(literalNames, literalNames.length + 1);
            literalNodes = Arrays.copyOf(literalNodes, literalNodes.length + 1);
            literalNames[literalNames.length - 1] = seg;
            return literalNodes[literalNodes.length - 1] = new Node();
        }
    }

    /** The operations of one path, by method, each with its path parameters' names. */
    private static final class PathMethods {
        final HttpString[] methods;
        final Operation[] operations;
        final OperationMatch[] literalMatches;
        final String[][] names;

        PathMethods(List<Operation> ops) {
            this.methods = new HttpString[ops.size()];
            this.operations = ops.toArray(new Operation[0]);
            this.literalMatches = new OperationMatch[ops.size()];
            this.names = new String[ops.size()][];
            for (int i = 0; i < ops.size(); i++) {
                methods[i] = HttpString.tryFromString(ops.get(i).method());
                literalMatches[i] = OperationMatch.literal(ops.get(i));
                names[i] = parameterNames(ops.get(i).template());
            }
        }

        private static String[] parameterNames(String template) {
            List<String> names = new ArrayList<>();
            for (PathTemplate.Segment seg : PathTemplate.parse(template).parts()) {
                if (seg.isAffixed() || seg.isParameter()) {
                    names.add(seg.name());
                }
            }
            return names.toArray(new String[0]);
        }

        /** The index of the operation of {@code method} (HEAD falls back to GET), or -1. */
        int find(HttpString method) {
            int get = -1;
            for (int i = 0; i < methods.length; i++) {
                if (HttpMethods.same(methods[i], method)) { // case-sensitive (RFC 9110 9.1)
                    return i;
                }
                if (methods[i].equals(Methods.GET)) {
                    get = i;
                }
            }
            return HttpMethods.same(method, Methods.HEAD) ? get : -1;
        }

        /** This path's methods for {@code Allow}: with HEAD when there is GET, and OPTIONS. */
        void allowed(TreeSet<String> into) {
            HttpMethods.allowed(methods, into);
        }
    }

    /** One depth-first search; allocated only for template paths. */
    private static final class Search {
        final HttpString method;
        final String path;
        final int[] starts = new int[16];
        final int[] ends = new int[16];
        Operation found;
        PathMethods foundMethods;
        int foundIndex;
        int foundDepth;
        TreeSet<String> allowed = new TreeSet<>();

        Search(HttpString method, String path) {
            this.method = method;
            this.path = path;
        }

        /**
         * Matches the segment starting at {@code pos} ({@code pos > path.length()}: no more segments);
         * true once a path matched, with the method ({@link #found}) or without it.
         */
        boolean walk(Node node, int pos, int params) {
            if (pos > path.length()) {
                if (node.here != null) {
                    int at = node.here.find(method);
                    if (at >= 0) {
                        found = node.here.operations[at];
                        foundMethods = node.here;
                        foundIndex = at;
                        foundDepth = params;
                        return true;
                    }
                    node.here.allowed(allowed);
                    return true; // this path matches: its methods decide (405), no later path is tried
                }
                return false;
            }
            int end = path.indexOf('/', pos);
            if (end < 0) {
                end = path.length();
            }
            int len = end - pos;
            for (int i = 0; i < node.literalNames.length; i++) {
                String lit = node.literalNames[i];
                if (lit.length() == len && path.regionMatches(pos, lit, 0, len)
                        && walk(node.literalNodes[i], end + 1, params)) {
                    return true;
                }
            }
            for (int i = 0; i < node.affixed.length && params < starts.length; i++) {
                PathTemplate.Segment seg = node.affixed[i];
                if (seg.matchesAffixed(path, pos, end)) {
                    starts[params] = pos + seg.prefix().length();
                    ends[params] = end - seg.suffix().length();
                    if (walk(node.affixedNodes[i], end + 1, params + 1)) {
                        return true;
                    }
                }
            }
            if (node.param != null && len > 0 && params < starts.length) {
                starts[params] = pos;
                ends[params] = end;
                return walk(node.param, end + 1, params + 1);
            }
            return false;
        }
    }
}
