// `kueuegov version`: the tool version, the commit and date it was built from, and the Kueue
// API versions and release it understands; -o json|yaml for tools.
#include "cli/build_info.h"
#include "cli/verbs.h"
#include "model/schema/schema.h"
#include "report/version_render.h"

#include <iostream>
#include <memory>

namespace kg::cli {

Verb version_verb() {
    return {"version", "Print the kueuegov version, commit, build date and the Kueue APIs it understands",
            [](CLI::App& cmd) -> VerbAction {
                auto output = std::make_shared<std::string>("text");
                cmd.add_option("-o,--output", *output, "Output format: text, json or yaml")
                    ->check(CLI::IsMember({"text", "json", "yaml"}));
                return [output] {
                    report::VersionInfo v;
                    v.version = KG_VERSION;
                    v.commit = KG_GIT_DESCRIBE;
                    v.build_date = KG_BUILD_DATE;
                    v.kueue_api_versions = {"kueue.x-k8s.io/v1beta1", "kueue.x-k8s.io/v1beta2"};
                    // The Kueue release whose admission rules sim/ mirrors (kueue-admission.md).
                    v.kueue_semantics = "v0.20.0-devel";
                    v.crd_schema_version = std::string(model::schema::kueue_version());
                    v.crd_schema_commit = std::string(model::schema::kueue_commit());
                    report::render_version(std::cout, v,
                                           *output == "json"   ? report::VersionFormat::json
                                           : *output == "yaml" ? report::VersionFormat::yaml
                                                               : report::VersionFormat::text);
                    return k_exit_ok;
                };
            }};
}

}  // namespace kg::cli
