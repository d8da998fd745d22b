/**
 * The {@code info} admin endpoint ({@code /adm/server/info}): versions, state and every loaded
 * config file with secrets masked. Runs on the IO thread; errors are the error JSON.
 */
package io.lumen.handler.info;
