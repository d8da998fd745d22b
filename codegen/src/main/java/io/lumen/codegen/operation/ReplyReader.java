package io.lumen.codegen.operation;

import com.fasterxml.jackson.databind.JsonNode;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.lumen.codegen.schema.TypeMapper;
import io.lumen.openapi.Operation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * An operation's replies, one per documented status (exact codes, then ranges, then {@code default}),
 * each typed from its preferred media type; and which of them the stub answers.
 */
final class ReplyReader {
    private static final TypeName BYTES = TypeName.get(byte[].class);

    private final JsonNode bundle;
    private final TypeMapper types;

    ReplyReader(JsonNode bundle, TypeMapper types) {
        this.bundle = bundle;
        this.types = types;
    }

    List<OperationModel.Reply> replies(Operation op, String type) {
        List<String> keys = new ArrayList<>(op.responses().keySet());
        keys.sort(Comparator.comparing((String k) -> k.equals("default") ? 2 : k.chars().allMatch(Character::isDigit) ? 0 : 1)
                .thenComparing(Comparator.naturalOrder()));
        List<OperationModel.Reply> out = new ArrayList<>();
        for (String key : keys) {
            Operation.Response r = op.responses().get(key);
            String mt = r.content().isEmpty() ? null : MediaTypes.choose(r.content());
            OperationModel.Kind kind = mt == null ? OperationModel.Kind.NONE : MediaTypes.kind(mt, false);
            String schema = mt == null ? null : r.content().get(mt);
            String suffix = key.equals("default") ? "Default" : key.toUpperCase(Locale.ROOT).replace("XX", "xx");
            TypeName t = switch (kind) {
                case JSON -> schema == null ? TypeMapper.JSON_NODE : types.resolve(schema, type + suffix + "Body");
                case TEXT -> ClassName.get(String.class);
                case BYTES -> BYTES;
                case NONE -> null;
            };
            int status = key.equals("default") ? 200 : key.endsWith("XX") ? (key.charAt(0) - '0') * 100 : Integer.parseInt(key);
            String record = key.equals("default") ? "Default" : "Status" + suffix;
            out.add(new OperationModel.Reply(key, record, status, mt, kind, t,
                    bundle.at(r.pointer()).path("description").asText("")));
        }
        if (out.isEmpty()) {
            out.add(new OperationModel.Reply("default", "Default", 200, null, OperationModel.Kind.NONE, null, ""));
        }
        return out;
    }

    /**
     * The lowest documented 2xx code, else a 2XX range, else the lowest 3xx code, else default, else the
     * first that is not informational (1xx), else the first. A 1xx code comes last: a handler cannot answer one as a final
     * response (Docker's {@code POST /session} documents only 101 Switching Protocols, 400 and 500).
     */
    static OperationModel.Reply stub(List<OperationModel.Reply> replies) {
        for (OperationModel.Reply r : replies) {
            if (!r.variableStatus() && r.status() >= 200 && r.status() < 300) {
                return r;
            }
        }
        for (OperationModel.Reply r : replies) {
            if (r.statusKey().equals("2XX")) {
                return r;
            }
        }
        for (OperationModel.Reply r : replies) {
            if (!r.variableStatus() && r.status() >= 200 && r.status() < 400) {
                return r;
            }
        }
        for (OperationModel.Reply r : replies) {
            if (r.statusKey().equals("default")) {
                return r;
            }
        }
        return replies.stream().filter(r -> r.status() >= 200).findFirst().orElse(replies.get(0));
    }
}
