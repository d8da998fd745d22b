/**
 * The {@code exception} middleware: the first link of a chain, it turns exceptions into the error
 * JSON of the status catalogue and is the chain's failure handler for work that continues after a
 * dispatch. Runs on the IO thread (and on the blocking thread for failures there); never sends a
 * stack trace to a client, logs it instead.
 */
package io.lumen.handler.exception;
