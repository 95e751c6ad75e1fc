// Input loading shared by the verbs; diagnostics go to stderr with the source
// line and a caret, as compilers print them.
#include "cli/load.h"
#include "report/diagnostic_render.h"

#include "model/loader.h"

#include <iostream>

namespace kg::cli {

model::LoadOptions& input_load_options() {
    // One process is one run: every reader of the command counts into the same byte total.
    static std::uint64_t run_read = 0;
    static model::LoadOptions opt = [] {
        model::LoadOptions o;
        o.run_read = &run_read;
        return o;
    }();
    return opt;
}

void add_input_limit_flags(CLI::App& cmd) {
    model::LoadOptions& opt = input_load_options();
    cmd.add_option("--max-input-bytes", opt.max_file_bytes,
                   "Stop with an error (exit 2) when one input (a file, stdin, a FIFO or a device) holds more bytes "
                   "than this")
        ->default_val(model::k_default_max_file_bytes)
        ->check(CLI::PositiveNumber);
    cmd.add_option("--max-total-input-bytes", opt.max_total_bytes,
                   "Stop with an error (exit 2) when all inputs together hold more bytes than this")
        ->default_val(model::k_default_max_total_bytes)
        ->check(CLI::PositiveNumber);
    add_document_limit_flags(cmd);
}

void add_document_limit_flags(CLI::App& cmd) {
    model::LoadOptions& opt = input_load_options();
    cmd.add_option("--max-nodes-per-object", opt.max_nodes,
                   "Refuse (a file:line:col error) a YAML/JSON object, or one item of a List, holding more nodes "
                   "than this")
        ->default_val(model::k_default_max_nodes)
        ->check(CLI::PositiveNumber);
    cmd.add_option("--max-mapping-keys", opt.max_mapping_keys,
                   "Refuse (a file:line:col error) a YAML/JSON mapping holding more keys than this")
        ->default_val(model::k_default_max_mapping_keys)
        ->check(CLI::PositiveNumber);
}

void add_filename_flags(CLI::App& cmd, std::vector<std::string>& paths, bool required) {
    auto* f = cmd.add_option("-f,--filename", paths,
                             "Manifest or export to read: a file, a directory (recursive: .yaml, .yml, .json) or - "
                             "for stdin. Repeatable");
    cmd.add_option("paths", paths, "More paths, as with -f");
    add_input_limit_flags(cmd);
    (void)f;
    if (required) {
        cmd.callback([&cmd, &paths] {
            if (paths.empty()) {
                throw CLI::RequiredError("-f,--filename (or a PATH argument)");
            }
            (void)cmd;
        });
    }
}

void print_diagnostics(const model::SourceFiles& files, const model::DiagSink& diags) {
    for (const model::Diagnostic& d : diags.items()) {
        std::cerr << report::render_diagnostic(files, d) << "\n";
    }
}

bool refuse_invalid_kueue_config(const model::Cluster& c) {
    if (!c.kueue_config || c.kueue_config->issues.empty()) {
        return false;
    }
    for (const model::ConfigIssue& i : c.kueue_config->issues) {
        std::cerr << model::format_diagnostic(c.files, {model::Severity::error, i.pos,
                                                        "invalid Kueue Configuration: " + i.message})
                  << "\n";
    }
    std::cerr << "kueuegov: error: Kueue's manager would not start with this Configuration (pkg/config/validation.go)\n";
    return true;
}

LoadedInput load_inputs(const std::vector<std::string>& paths) {
    LoadedInput in;
    in.ok = model::load_paths(paths, in.cluster, in.diags, input_load_options());
    print_diagnostics(in.cluster.files, in.diags);
    return in;
}

}  // namespace kg::cli
