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
}
