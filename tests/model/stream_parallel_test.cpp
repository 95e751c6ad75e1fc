// A stream of many small documents parsed on two threads must give exactly the
// one-by-one loop's objects, diagnostics and their interleaving (decode diagnostics
// included), whatever is broken in which document.
#include "cluster_dump.h"
#include "model/loader.h"
#include "model/yaml/parse_document.h"
#include "model/yaml/stream_parallel.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace kg::model;

namespace {

std::string workload(int i, const std::string& cpu = "\"8\"") {
    return "apiVersion: kueue.x-k8s.io/v1beta2\nkind: Workload\nmetadata:\n  name: wl-" + std::to_string(i) +
           "\n  namespace: team-a\nspec:\n  queueName: lq\n  podSets:\n  - name: main\n    count: 1\n"
           "    template:\n      spec:\n        containers:\n        - name: c\n          resources:\n"
           "            requests: {cpu: " + cpu + "}\n";
}

// Loads `text` (decoders included): the cluster's objects in order, then every
// diagnostic, formatted (tests/model/cluster_dump.h).
std::vector<std::string> load(const std::string& text, bool parallel, std::size_t batch_bytes) {
    LoadOptions opt;
    opt.parallel_lists = parallel;
    opt.list_batch_bytes = batch_bytes;
    return kg::test::load_and_dump("stream.yaml", text, opt);
}

void check_same(const std::string& text) {
    auto reference = load(text, false, 32 * 1024);
    for (std::size_t batch : {std::size_t{1}, std::size_t{500}, std::size_t{4000}}) {
        INFO("batch bytes " << batch);
        for (int run = 0; run < 3; ++run) {
            CHECK(load(text, true, batch) == reference);
        }
    }
}

}  // namespace

TEST_CASE("a stream of documents parses on two threads as it does one by one", "[model][loader][stream]") {
    std::string text;
    for (int i = 0; i < 60; ++i) {
        text += (i ? "---\n" : "") + workload(i);
    }
    check_same(text);
    auto loaded = load(text, true, 500);
    CHECK(std::count_if(loaded.begin(), loaded.end(), [](const std::string& l) { return l.rfind("Workload ", 0) == 0; }) ==
          60);
}

TEST_CASE("broken documents report in the one-by-one order, between the objects around them",
          "[model][loader][stream]") {
    std::string text;
    for (int i = 0; i < 60; ++i) {
        std::string doc = workload(i, i % 11 == 3 ? "lots" : "\"8\"");  // a decode diagnostic
        if (i == 7) doc += "spec: again\n";                               // a duplicate key
        if (i == 19) doc += "bad: [\n";                                   // a syntax error
        if (i == 23) doc += std::string("x: 1\0\n", 6);                 // a NUL byte
        if (i == 31) doc += "x: \"\xFF\"\n";                              // invalid UTF-8
        if (i == 40) doc = "just a scalar\n";                            // not an object
        if (i == 45) doc = "%YAML 1.2\n---\n" + doc;                      // a directive
        text += (i ? "---\n" : "") + doc;
    }
    auto reference = load(text, false, 32 * 1024);
    CHECK(reference.size() > 60);
    check_same(text);
}

TEST_CASE("the stream path takes only streams of small documents", "[model][loader][stream]") {
    LoadOptions opt;
    opt.list_batch_bytes = 100;
    std::vector<yaml::Chunk> small = {{"a: 1\n", 0}, {"---\nb: 2\n", 1}};
    CHECK_FALSE(yaml::stream_parallel_fits(small, opt));  // not worth two threads
    std::string big(150, 'x');
    std::vector<yaml::Chunk> many;
    for (int i = 0; i < 100; ++i) {
        many.push_back({"---\na: 1\n", static_cast<std::uint32_t>(2 * i)});
    }
    CHECK(yaml::stream_parallel_fits(many, opt));
    many.push_back({big, 200});
    CHECK_FALSE(yaml::stream_parallel_fits(many, opt));  // a large document keeps its List path
    opt.list_batch_bytes = 1000;
    opt.parallel_lists = false;
    CHECK_FALSE(yaml::stream_parallel_fits(many, opt));
}
