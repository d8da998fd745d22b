/** The {@code handler.yml} model: handlers, chains, paths and default handlers, bound once at startup. */
package io.lumen.handler.config;
