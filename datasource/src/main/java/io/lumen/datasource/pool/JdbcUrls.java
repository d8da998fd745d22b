package io.lumen.datasource.pool;

import java.util.regex.Pattern;

/** JDBC URLs as they may appear in logs and error messages: without passwords. */
public final class JdbcUrls {
    // user:password@host (PostgreSQL, MySQL) and password=... properties (most drivers; ';' in H2 and SQL Server)
    private static final Pattern USER_INFO = Pattern.compile("(//[^/@:;?]*:)[^/@]*@");
    private static final Pattern PASSWORD_PROPERTY = Pattern.compile("(?i)(password=)[^&;]*");

    private JdbcUrls() {
    }

    /** {@code url} with every password replaced by {@code ****}. Startup and error paths only. */
    public static String mask(String url) {
        if (url == null) {
            return null;
        }
        String masked = USER_INFO.matcher(url).replaceAll("$1****@");
        return PASSWORD_PROPERTY.matcher(masked).replaceAll("$1****");
    }
}
