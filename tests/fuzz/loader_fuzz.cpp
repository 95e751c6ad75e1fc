// libFuzzer target for the YAML/JSON front end and the decoders: any bytes must give
// objects and diagnostics, never a crash, a leak or a runaway allocation. It also
// parses each input a second time with the two-thread List path on (batches of one
// item), and a third time with libfyaml alone (the fast reader for simple documents,
// model/yaml/simple_block, off), and aborts when the objects, their positions or the
// diagnostics differ; and it loads each input into a Cluster with and without that path
// (its batches decoded on the thread that parsed them) and aborts when the clusters or
// the diagnostics differ.
#include "model/loader.h"
#include "tests/model/cluster_dump.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using kg::model::yaml::Node;

bool same(const Node& a, const Node& b) {
    if (a.kind != b.kind || a.plain != b.plain || !(a.pos == b.pos) || a.scalar != b.scalar ||
        a.items.size() != b.items.size() || a.entries.size() != b.entries.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.items.size(); ++i) {
        if (!same(a.items[i], b.items[i])) {
            return false;
        }
    }
    for (std::size_t i = 0; i < a.entries.size(); ++i) {
        const auto& x = a.entries[i];
        const auto& y = b.entries[i];
        if (x.key != y.key || !(x.key_pos == y.key_pos) || !same(x.value, y.value)) {
            return false;
        }
    }
    return true;
}

struct Parsed {
    std::vector<Node> objects;
    kg::model::DiagSink diags;
};

void parse(const std::string& text, bool parallel, Parsed& out, bool simple_block = true) {
    kg::model::LoadOptions opt;
    opt.max_alias_nodes = 10'000;
    opt.parallel_lists = parallel;
    opt.simple_block = simple_block;
    opt.list_batch_bytes = 1;
    kg::model::parse_objects(0, text, out.diags, opt, [&](Node&& n) { out.objects.push_back(std::move(n)); });
}

// What the two parses produced, one line per object and diagnostic, printed before an
// abort so a CI log says which parse went wrong without a local reproduction.
void dump(const char* label, const Parsed& p) {
    std::fprintf(stderr, "-- %s: %zu objects, %zu diagnostics\n", label, p.objects.size(), p.diags.items().size());
    for (const Node& n : p.objects) {
        std::fprintf(stderr, "   object at %u:%u, %zu entries\n", n.pos.line, n.pos.col, n.entries.size());
    }
    for (const auto& d : p.diags.items()) {
        std::fprintf(stderr, "   diagnostic at %u:%u: %s\n", d.pos.line, d.pos.col, d.message.c_str());
    }
}

bool same_output(const Parsed& one, const Parsed& two) {
    bool equal = one.objects.size() == two.objects.size() && one.diags.items().size() == two.diags.items().size();
    for (std::size_t i = 0; equal && i < one.objects.size(); ++i) {
        equal = same(one.objects[i], two.objects[i]);
    }
    for (std::size_t i = 0; equal && i < one.diags.items().size(); ++i) {
        const auto& a = one.diags.items()[i];
        const auto& b = two.diags.items()[i];
        equal = a.pos == b.pos && a.message == b.message && a.severity == b.severity;
    }
    return equal;
}

// Loads `text` into a Cluster, with the two-thread List path (batches of one item, each
// decoded on the thread that parsed it when its kind allows) or without, and returns what
// the two loads must agree on: the cluster's objects in order, then the diagnostics.
std::vector<std::string> load(const std::string& text, bool parallel) {
    kg::model::LoadOptions opt;
    opt.max_alias_nodes = 10'000;
    opt.parallel_lists = parallel;
    opt.list_batch_bytes = 1;
    return kg::test::load_and_dump("fuzz.yaml", text, opt, true);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> loaded_one_pass = load(text, false);
    std::vector<std::string> loaded_two_threads = load(text, true);
    if (loaded_one_pass != loaded_two_threads) {
        for (const auto* lines : {&loaded_one_pass, &loaded_two_threads}) {
            std::fprintf(stderr, "-- %s\n", lines == &loaded_one_pass ? "one-pass load" : "two-thread load");
            for (const std::string& l : *lines) {
                std::fprintf(stderr, "   %s\n", l.c_str());
            }
        }
        std::abort();  // batches decoded where they were parsed load another cluster
    }

    Parsed one, two, libfyaml_only;
    parse(text, false, one);
    parse(text, true, two);
    parse(text, false, libfyaml_only, false);
    if (!same_output(one, two)) {
        dump("one pass", one);
        dump("two threads", two);
        std::abort();  // the two-thread List path differs from the one-pass parse
    }
    if (!same_output(one, libfyaml_only)) {
        dump("fast reader", one);
        dump("libfyaml only", libfyaml_only);
        std::abort();  // the fast reader differs from libfyaml
    }
    return 0;
}
