package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Bundles a spec and the files its {@code $ref}s name into one tree: every other file read is
 * appended under {@code /x-lumen-files/<n>} (in the order first referenced, each read once), and
 * every {@code $ref} becomes a local JSON pointer into the bundle. A file the root names is found
 * through the config lookup; a file another file names, relative to that file. Then every
 * {@code $ref} must land on a node. Problems ({@code #anchor} fragments, remote URLs, missing files
 * or targets) are {@link ConfigException}s at the file and line of the {@code $ref}. Startup only;
 * one bundler per spec load.
 */
final class RefBundler {
    private static final int MAX_REF_HOPS = 32;

    private final ConfigLoader loader;
    /** Index 0: the root file; index i: {@code /x-lumen-files/(i-1)}. */
    private final List<SpecSource> sources;
    private final List<URL> urls;
    /** Index in {@link #urls} of every file read but the root, by URL text: a lookup per {@code $ref}, not a scan. */
    private final Map<String, Integer> indexByUrl = new HashMap<>();

    /** @param sources receives every file read, the root's first; {@link OpenApiSpec} keeps it for error lines */
    RefBundler(ConfigLoader loader, List<SpecSource> sources, List<URL> urls) {
        this.loader = loader;
        this.sources = sources;
        this.urls = urls;
    }

    /** The bundle of the root (already in {@code sources} and {@code urls} at index 0), its refs local. */
    ObjectNode bundle(ObjectNode root) {
        ObjectNode bundle = root.deepCopy();
        ArrayNode files = JsonNodeFactory.instance.arrayNode();
        rewriteRefs(bundle, "", 0, files);
        for (int i = 0; i < files.size(); i++) {
            rewriteRefs(files.get(i), "/" + OpenApiSpec.FILES + "/" + i, i + 1, files);
        }
        if (!files.isEmpty()) {
            bundle.set(OpenApiSpec.FILES, files);
        }
        inlinePropertyMaps(bundle, bundle, "", 0);
        return bundle;
    }

    /**
     * {@code properties: {$ref: 'attributes.yml#/droplet'}}: a split spec's way to share a whole map of
     * properties (JSON Reference semantics: the object is replaced by its target). A schema's
     * {@code properties} cannot hold a property named {@code $ref} whose schema is a string, so such a
     * map is replaced by a copy of its target (its refs are bundle pointers already). {@code depth}
     * counts the replacements above this node: a map that includes itself stops at the hop limit.
     */
    private void inlinePropertyMaps(ObjectNode bundle, JsonNode node, String pointer, int depth) {
        if (node instanceof ObjectNode obj) {
            for (Iterator<Map.Entry<String, JsonNode>> it = obj.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String child = pointer + "/" + SpecSource.escape(e.getKey());
                int d = depth;
                if (e.getKey().equals("properties") && e.getValue() instanceof ObjectNode props && props.size() == 1
                        && props.path("$ref").isTextual()) {
                    if (++d > MAX_REF_HOPS) {
                        throw errorAt(child + "/$ref", "properties included more than " + MAX_REF_HOPS + " levels deep (a cycle?)");
                    }
                    JsonNode target = bundle.at(props.get("$ref").asText().substring(1));
                    if (target instanceof ObjectNode) {
                        e.setValue(target.deepCopy());
                    }
                }
                inlinePropertyMaps(bundle, e.getValue(), child, d);
            }
        } else if (node instanceof ArrayNode arr) {
            for (int i = 0; i < arr.size(); i++) {
                inlinePropertyMaps(bundle, arr.get(i), pointer + "/" + i, depth);
            }
        }
    }

    /** An error at a bundle pointer: the file it came from, at its own pointer. */
    private ConfigException errorAt(String bundlePointer, String problem) {
        String prefix = "/" + OpenApiSpec.FILES + "/";
        if (!bundlePointer.startsWith(prefix)) {
            return errorAt(0, bundlePointer, problem);
        }
        int end = bundlePointer.indexOf('/', prefix.length());
        int file = Integer.parseInt(end < 0 ? bundlePointer.substring(prefix.length()) : bundlePointer.substring(prefix.length(), end));
        return errorAt(file + 1, bundlePointer, problem);
    }

    /** Makes every {@code $ref} of {@code node} (from source {@code sourceIndex}) a local pointer into the bundle. */
    private void rewriteRefs(JsonNode node, String pointer, int sourceIndex, ArrayNode files) {
        if (node instanceof ObjectNode obj) {
            JsonNode ref = obj.get("$ref");
            if (ref != null && ref.isTextual()) {
                obj.set("$ref", TextNode.valueOf(localRef(ref.asText(), pointer + "/$ref", sourceIndex, files)));
            }
            rewriteMapping(obj.get("discriminator"), pointer + "/discriminator/mapping", sourceIndex, files);
            for (Iterator<Map.Entry<String, JsonNode>> it = obj.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!(sourceIndex == 0 && pointer.isEmpty() && e.getKey().equals(OpenApiSpec.FILES))) {
                    rewriteRefs(e.getValue(), pointer + "/" + SpecSource.escape(e.getKey()), sourceIndex, files);
                }
            }
        } else if (node instanceof ArrayNode arr) {
            for (int i = 0; i < arr.size(); i++) {
                rewriteRefs(arr.get(i), pointer + "/" + i, sourceIndex, files);
            }
        }
    }

    /**
     * A discriminator's mapping values are schema names or references; a reference ({@code other.yaml#/Cat},
     * {@code #/components/schemas/Cat}) is rewritten like a {@code $ref}, so it names the same node as
     * the {@code oneOf}/{@code anyOf} member that refers to that schema.
     */
    private void rewriteMapping(JsonNode discriminator, String mappingPointer, int sourceIndex, ArrayNode files) {
        if (!(discriminator instanceof ObjectNode d) || !d.path("propertyName").isTextual()
                || !(d.get("mapping") instanceof ObjectNode mapping)) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = mapping.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String target = e.getValue().isTextual() ? e.getValue().asText() : "";
            if (target.indexOf('#') >= 0 || target.indexOf('/') >= 0 || target.endsWith(".yaml") || target.endsWith(".yml")
                    || target.endsWith(".json")) {
                e.setValue(TextNode.valueOf(localRef(target, mappingPointer + "/" + SpecSource.escape(e.getKey()), sourceIndex, files)));
            }
        }
    }

    private String localRef(String ref, String refPointer, int sourceIndex, ArrayNode files) {
        int hash = ref.indexOf('#');
        String filePart = hash < 0 ? ref : ref.substring(0, hash);
        String fragment = hash < 0 ? "" : decodeFragment(ref.substring(hash + 1));
        if (!fragment.isEmpty() && !fragment.startsWith("/")) {
            throw errorAt(sourceIndex, refPointer, "'" + ref + "': only JSON pointer fragments (#/...) are supported");
        }
        if (filePart.isEmpty()) {
            return "#" + (sourceIndex == 0 ? "" : "/" + OpenApiSpec.FILES + "/" + (sourceIndex - 1)) + fragment;
        }
        if (filePart.contains("://") && !filePart.startsWith("file:")) {
            throw errorAt(sourceIndex, refPointer, "'" + ref + "': remote references are not supported; put the file in the config dir");
        }
        URL url = resolve(filePart, refPointer, sourceIndex);
        String key = url.toString();
        Integer known = indexByUrl.get(key);
        int index = known == null ? -1 : known;
        if (index < 0) {
            SpecSource read;
            try (InputStream in = url.openStream()) {
                read = YamlTree.read(new InputStreamReader(in, StandardCharsets.UTF_8), displayName(url));
            } catch (IOException e) {
                throw errorAt(sourceIndex, refPointer, "'" + ref + "': cannot read " + url + ": " + e.getMessage());
            }
            sources.add(read);
            urls.add(url);
            files.add(read.tree().deepCopy());
            index = urls.size() - 1;
            indexByUrl.put(key, index);
        }
        return "#/" + OpenApiSpec.FILES + "/" + (index - 1) + fragment;
    }

    private URL resolve(String filePart, String refPointer, int sourceIndex) {
        if (sourceIndex == 0) {
            return loader.locate(filePart).orElseThrow(() -> errorAt(sourceIndex, refPointer,
                    "'" + filePart + "' is not in the config dirs or classpath config/"));
        }
        try {
            return new URL(urls.get(sourceIndex), filePart);
        } catch (MalformedURLException e) {
            throw errorAt(sourceIndex, refPointer, "'" + filePart + "': " + e.getMessage());
        }
    }

    private ConfigException errorAt(int sourceIndex, String pointer, String problem) {
        String local = sourceIndex == 0 ? pointer : pointer.substring(("/" + OpenApiSpec.FILES + "/" + (sourceIndex - 1)).length());
        return sources.get(sourceIndex).error(local, problem);
    }

    /** Every {@code $ref} must land on something. */
    static void checkRefs(OpenApiSpec spec, JsonNode node, String pointer) {
        if (node instanceof ObjectNode obj) {
            JsonNode ref = obj.get("$ref");
            if (ref != null && ref.isTextual()) {
                String target = ref.asText().substring(1);
                if (spec.bundle().at(target).isMissingNode()) {
                    throw spec.error(pointer + "/$ref", "$ref '" + target + "' does not resolve: nothing at that pointer");
                }
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = obj.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                checkRefs(spec, e.getValue(), pointer + "/" + SpecSource.escape(e.getKey()));
            }
        } else if (node instanceof ArrayNode arr) {
            for (int i = 0; i < arr.size(); i++) {
                checkRefs(spec, arr.get(i), pointer + "/" + i);
            }
        }
    }

    /** Follows {@code $ref}s from {@code pointer}; returns the pointer of the final node. */
    static String deref(OpenApiSpec spec, String pointer) {
        String p = pointer;
        for (int hops = 0; hops < MAX_REF_HOPS; hops++) {
            JsonNode node = spec.bundle().at(p);
            JsonNode ref = node.get("$ref");
            if (ref == null || !ref.isTextual()) {
                return p;
            }
            p = ref.asText().substring(1);
        }
        throw spec.error(pointer, "$ref chain longer than " + MAX_REF_HOPS + " (a cycle?)");
    }

    private static String decodeFragment(String fragment) {
        return fragment.indexOf('%') < 0 ? fragment
                : URLDecoder.decode(fragment.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static String displayName(URL url) {
        return "file".equals(url.getProtocol()) ? url.getPath() : url.toString();
    }
}
