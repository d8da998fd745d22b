package io.lumen.rest;

import java.nio.ByteBuffer;

/**
 * A response body that already knows its JSON bytes: the writer sends {@link #json()} instead of
 * serializing the object again. For values an implementation serves often and unchanged (a cached
 * page of a listing); implementing it promises that the bytes are exactly the JSON of this value.
 */
public interface PreEncodedJson {
    /** The JSON of this value, as a buffer the caller may consume (return a {@code duplicate()} of a shared one). */
    ByteBuffer json();
}
