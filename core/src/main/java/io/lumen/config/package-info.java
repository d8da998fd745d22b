/**
 * Configuration loading the light-4j way.
 *
 * <p>A config is named by base name ({@code server}, {@code handler}). {@link io.lumen.config.ConfigLoader} looks
 * for {@code name.yml}, {@code name.yaml}, {@code name.json} in each directory of the {@code light-4j-config-dir}
 * system property, then in the classpath folder {@code config/}; the first hit wins ({@code ConfigPlaces} knows
 * the places). Every string value except in
 * {@code values.yml} is injected: {@code ${key}}, {@code ${key:default}}, {@code ${key:?error}} and
 * {@code ${key:$}} are resolved from builder overrides, then environment variables ({@code server.httpPort} reads
 * {@code SERVER_HTTPPORT}), then {@code values.yml}. A value that is a single placeholder keeps the resolved type.
 * {@link io.lumen.config.ConfigFile} binds the result to records strictly (unknown keys fail), while still accepting
 * lists and maps written as strings and text for numbers and booleans: one binder ({@code RecordBinder}, by reflection,
 * its scalar rules in {@code Scalars}) that names every problem of a file in one pass. {@link io.lumen.config.ConfigLoader#prefetch()} parses the files ahead of use on another
 * thread at a service's start.
 *
 * <p>Thread-safety: {@code ConfigLoader} is thread-safe and caches each parsed file; {@code ConfigFile} is
 * immutable. Errors: every problem that should stop startup is a {@link io.lumen.config.ConfigException} whose
 * message is one line {@code file:line: key: problem}.
 */
package io.lumen.config;
