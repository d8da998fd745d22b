package io.lumen.handler.logger;

import io.lumen.handler.address.AddressRanges;

import java.util.List;

/**
 * {@code logger.yml}.
 *
 * @param enabled     when false, {@code /adm/logger} answers 404 {@code ERR10048} (true)
 * @param changesFrom the client addresses (CIDR ranges) allowed to change levels with POST; others get
 *                    403 {@code ERR19008}. Default: the loopback addresses only ([127.0.0.0/8, ::1/128]);
 *                    to administer from elsewhere, widen it and put {@code security} with an admin
 *                    scope in front of the route (docs/middleware-observability.md)
 */
public record LoggerConfig(Boolean enabled, List<String> changesFrom) {
    public LoggerConfig {
        enabled = enabled == null || enabled;
        changesFrom = changesFrom == null ? AddressRanges.LOOPBACK : List.copyOf(changesFrom);
        AddressRanges.parse("changesFrom", changesFrom); // fails startup on a bad entry
    }

    AddressRanges changeRanges() {
        return AddressRanges.parse("changesFrom", changesFrom);
    }
}
