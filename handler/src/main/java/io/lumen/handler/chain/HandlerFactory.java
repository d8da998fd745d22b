package io.lumen.handler.chain;

import io.lumen.server.ServiceContext;

/**
 * Where handler.yml's handler objects come from when an application manages objects itself (the
 * Spring Boot starter resolves names to beans). Lumen asks the factory first for every name it
 * resolves; when the factory has nothing, Lumen constructs the class itself (a public
 * {@code (ServiceContext)} or no-arg constructor). Called at startup only, once per name, from the
 * thread that builds the routes.
 */
@FunctionalInterface
public interface HandlerFactory {
    /** Lumen constructs every handler itself: the standalone service. */
    HandlerFactory NONE = (name, type, context) -> null;

    /**
     * The handler for a handler.yml name, or {@code null} to let Lumen construct {@code type}.
     *
     * @param name the name as handler.yml uses it: the alias of a {@code FQCN@alias} entry, a class
     *             name, a built-in short name ({@code exception}), or a name used in a chain that is
     *             none of these
     * @param type the class the entry or the built-in names; {@code null} when the name is neither
     *             declared nor built in, so only the factory can supply it
     * @param context the service's context, for handlers that read Lumen config
     * @return an {@code io.undertow.server.HttpHandler} or {@code io.lumen.handler.Middleware} (an
     *         instance of {@code type} when given), or {@code null}
     * @throws Exception when creating the handler failed; startup then fails with handler.yml's
     *                   file and line, and the exception as the cause
     */
    Object find(String name, Class<?> type, ServiceContext context) throws Exception;
}
