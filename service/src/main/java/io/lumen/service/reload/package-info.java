/**
 * Hot reload of a running service's configuration: {@link io.lumen.service.reload.Reloader} builds
 * a complete new generation (config files read again, startup hooks, handlers, routes, shared
 * objects) off the request path, refuses it with its {@code file:line} reason if anything is wrong,
 * else swaps the server's root to it in one volatile write and closes the previous generation's
 * shared objects once its last request has finished. Triggered by {@code POST /adm/reload} (the
 * built-in handler {@code reload}) or by a change of the config files (reload.yml {@code watch}).
 */
package io.lumen.service.reload;
