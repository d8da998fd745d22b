package io.lumen.validator.params;

/** A parameter value that cannot be parsed by its style or converted to its schema's type. */
public final class ConversionException extends Exception {
    private static final long serialVersionUID = 1L;

    public ConversionException(String message) {
        super(message, null, false, false);
    }
}
