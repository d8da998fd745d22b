package io.lumen.codegen.operation;

import io.lumen.codegen.naming.NameTable;
import io.lumen.codegen.naming.Names;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.Operation;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Java names of a spec's operations: from {@code operationId}, else from method and path. A repeated
 * {@code operationId}, or two operations whose names match (also only in case), is an error at the
 * second one's line. One instance per spec: it remembers the names it gave.
 */
final class OperationNamer {
    /** The method name ({@code listPets}) and the type name ({@code ListPets}) of one operation. */
    record Name(String method, String type) {
    }

    private final OpenApiSpec spec;
    private final NameTable names = new NameTable();
    private final Map<String, String> ids = new HashMap<>();

    OperationNamer(OpenApiSpec spec) {
        this.spec = spec;
    }

    Name name(Operation op) {
        String id = op.operationId();
        String method;
        String source;
        if (id != null && !id.isBlank()) {
            String other = ids.put(id, op.pointer());
            if (other != null) {
                throw spec.error(op.pointer() + "/operationId", "operationId '" + id + "' is also used at "
                        + spec.error(other, "").getMessage().replaceAll(": $", "") + "; operationIds must be unique");
            }
            method = Names.member(id);
            source = "operationId '" + id + "'";
        } else {
            method = fromPath(op);
            source = op.method() + " " + op.specPath();
        }
        if (method.isEmpty()) {
            method = fromPath(op);
        }
        String type = Names.type(method);
        String owner = names.claim(type, source + " (" + location(op.pointer()) + ")");
        if (owner != null) {
            throw spec.error(op.pointer() + (id != null ? "/operationId" : ""), source + " gives the Java name "
                    + method + ", as does " + owner + "; rename one (names that differ only in case, hyphens or "
                    + "underscores collide)");
        }
        return new Name(method, type);
    }

    private static String fromPath(Operation op) {
        return Names.member(op.method().toLowerCase(Locale.ROOT) + " " + pathWords(op.specPath()));
    }

    /** {@code file:line} of the node at {@code pointer}. */
    private String location(String pointer) {
        String m = spec.error(pointer, "x").getMessage();
        return m.substring(0, m.indexOf(": "));
    }

    /** {@code /pets/{petId}/toys} -> {@code pets by petId toys}; {@code /v{major}} -> {@code v by major}. */
    private static String pathWords(String path) {
        StringBuilder b = new StringBuilder();
        for (String seg : path.split("/")) {
            if (seg.isEmpty()) {
                continue;
            }
            // {Sid}.json: "by Sid json"
            b.append(' ').append(seg.contains("{") ? seg.replace("{", " by ").replace("}", " ").trim() : seg);
        }
        return b.length() == 0 ? "root" : b.toString().trim();
    }
}
