package io.lumen.validator.validation;

/**
 * One problem of a request, as listed under {@code errors} in the 400 error JSON.
 *
 * @param code     the catalogue code of this problem, e.g. {@code ERR11004}
 * @param location where: {@code path.petId}, {@code query.limit}, {@code header.key},
 *                 {@code cookie.session} or {@code body}
 * @param pointer  the JSON pointer inside the value ({@code ""} for the value itself), e.g. {@code /name}
 * @param message  what is wrong
 */
public record ValidationError(String code, String location, String pointer, String message) {

    /** {@code query.limit: must be at most 100} / {@code body/name: ...}: one item of the description. */
    String describe() {
        return location + pointer + ": " + message;
    }
}
