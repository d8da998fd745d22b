package io.lumen.petstore;

/**
 * The petstore's own status codes, one name each for the entries of its app-status.yml (the
 * 20000-29999 business range); the hand-written handlers and the typed implementations both answer with them.
 */
public final class PetstoreCodes {
    /** 404: no pet has the id. */
    public static final String PET_NOT_FOUND = "ERR20001";
    /** 409: a pet with the id exists. */
    public static final String PET_EXISTS = "ERR20002";
    /** 400: the body is not a valid pet. */
    public static final String INVALID_PET = "ERR20003";
    /** 507: the store holds its maximum of pets. */
    public static final String STORE_FULL = "ERR20004";

    private PetstoreCodes() {
    }
}
