package io.lumen.handler.chain;

/** One resolved entry of a chain: its handler.yml name and the handler object. */
record Link(String name, Object handler) {
}
