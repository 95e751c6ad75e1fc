// libFuzzer target for the YAML/JSON front end and the decoders: any bytes must give
// objects and diagnostics, never a crash, a leak or a runaway allocation.
#include "model/loader.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kg::model::Cluster cluster;
    kg::model::DiagSink diags;
    kg::model::LoadOptions opt;
    opt.max_alias_nodes = 10'000;
    kg::model::load_text("fuzz.yaml", std::string(reinterpret_cast<const char*>(data), size), cluster, diags, opt);
    for (const kg::model::Diagnostic& d : diags.items()) {
        (void)kg::model::format_diagnostic(cluster.files, d);
    }
    return 0;
}
