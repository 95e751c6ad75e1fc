// Version output. JSON is the source of YAML so the two never disagree.
#include "report/version_render.h"

#include "report/escape_json.h"
#include "report/yaml_emit.h"

#include <nlohmann/json.hpp>

namespace kg::report {

namespace {

nlohmann::ordered_json version_json(const VersionInfo& v) {
    nlohmann::ordered_json j;
    j["version"] = v.version;
    j["commit"] = v.commit;
    j["buildDate"] = v.build_date;
    j["kueue"] = {{"apiVersions", v.kueue_api_versions},
                  {"semantics", v.kueue_semantics},
                  {"crdSchemas", {{"version", v.crd_schema_version}, {"commit", v.crd_schema_commit}}}};
    return j;
}

}  // namespace

void render_version(std::ostream& out, const VersionInfo& v, VersionFormat f) {
    switch (f) {
        case VersionFormat::json: out << json_text(version_json(v), 2) << "\n"; return;
        case VersionFormat::yaml: emit_yaml(out, version_json(v)); return;
        case VersionFormat::text: break;
    }
    out << "kueuegov " << v.version << " (commit " << v.commit << ", built " << v.build_date << ")\n"
        << "Kueue APIs: ";
    for (std::size_t i = 0; i < v.kueue_api_versions.size(); ++i) {
        out << (i ? ", " : "") << v.kueue_api_versions[i];
    }
    out << " (semantics of Kueue " << v.kueue_semantics << ")\n"
        << "CRD schemas (lint KQ1022): Kueue " << v.crd_schema_version << " (" << v.crd_schema_commit.substr(0, 12)
        << ")\n";
}

}  // namespace kg::report
