package io.lumen.handler.logger;

/** One entry of the logger endpoint's JSON: {@code {"name":"io.lumen","level":"DEBUG"}}. */
record LoggerLevel(String name, String level) {
}
