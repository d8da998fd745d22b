package io.lumen.cli.migrate;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/** YAML as migrate writes it: block style, two-space indent, keys in the order given. */
final class Yamls {
    private Yamls() {
    }

    static String dump(Object tree) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setIndent(2);
        options.setIndicatorIndent(2);
        options.setIndentWithIndicator(true);
        options.setWidth(120);
        return new Yaml(options).dump(tree);
    }

    /** One value on one line ({@code {a: [http://x:1]}}), for a values.yml key. */
    static String flow(Object value) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.FLOW);
        options.setWidth(Integer.MAX_VALUE);
        return new Yaml(options).dump(value).trim();
    }
}
