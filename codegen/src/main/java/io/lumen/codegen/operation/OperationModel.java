package io.lumen.codegen.operation;

import com.palantir.javapoet.TypeName;
import io.lumen.openapi.Operation;
import io.lumen.openapi.Parameter;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One operation, ready to be written.
 *
 * @param operation the spec's operation
 * @param method    the Java method name, e.g. {@code listPets}
 * @param type      the prefix of its classes, e.g. {@code ListPets}
 * @param summary   summary or description, for Javadoc; may be empty
 * @param params    the parameters, in spec order
 * @param body      the request body, or null
 * @param replies   the documented responses: exact codes ascending, then ranges, then {@code default}
 * @param stub      the reply the stub answers
 * @param stubValue the stub's body: JSON text for JSON replies, the text or base64 bytes otherwise; null for none
 * @param call      the request the generated test sends
 * @param secured   security requirements apply and none is empty: the operation runs the chain with {@code security}
 * @param testSchemes the schemes the generated test sends credentials for (one requirement's), in spec order
 */
public record OperationModel(Operation operation, String method, String type, String summary, List<Param> params,
                             Body body, List<Reply> replies, Reply stub, String stubValue, TestCall call,
                             boolean secured, List<String> testSchemes) {

    /** How a body or reply is carried. */
    public enum Kind { JSON, TEXT, BYTES, NONE }

    /** How a parameter's converted value becomes its Java type. */
    public enum Binding { STRING, INT32, INT64, BOOL, NUMBER, READER }

    /**
     * A parameter.
     *
     * @param name the spec name
     * @param java the record component's name
     */
    public record Param(String name, Parameter.In in, String java, TypeName type, boolean required, Binding binding,
                        String description) {
    }

    /**
     * The request body.
     *
     * @param java      the record component's name ({@code body} unless a parameter has it)
     * @param mediaType the media type it is bound from
     */
    public record Body(String java, TypeName type, Kind kind, boolean required, String mediaType, String description) {
    }

    /**
     * A documented response.
     *
     * @param statusKey  {@code 200}, {@code 4XX} or {@code default}
     * @param record     its record's name in the response interface, e.g. {@code Status200}
     * @param status     the status the stub or a factory answers: the code, the range's x00, 200 for default
     * @param mediaType  the media type written, or null for no content
     */
    public record Reply(String statusKey, String record, int status, String mediaType, Kind kind, TypeName type,
                        String description) {

        /** {@code default} or a range: its record carries the status. */
        public boolean variableStatus() {
            return !statusKey.chars().allMatch(Character::isDigit);
        }
    }

    /**
     * The request a generated test sends.
     *
     * @param target      path and query, encoded
     * @param headers     header and cookie lines to send
     * @param body        the body text, or null
     * @param contentType the body's media type, or null
     * @param scopes      scopes the test's token carries
     */
    public record TestCall(String target, Map<String, String> headers, String body, String contentType, Set<String> scopes) {
    }
}
