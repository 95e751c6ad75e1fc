#include "audit/ingest/cloud/aks_diagnostic.h"

#include "audit/ingest/cloud/json_util.h"

namespace kg::audit::ingest::cloud {

namespace {

bool is_record(element e) {
    const auto props = field(e, "properties");
    return props && props->is_object() && has(*props, "log") && (has(e, "category") || has(e, "resourceId"));
}

void read_record(element rec, Sink& sink) {
    if (!is_record(rec)) return sink.bad("expected an Azure diagnostic record with properties.log in the records batch");
    const std::string_view category = string_field(rec, "category").value_or("");
    if (!category.empty() && category != "kube-audit" && category != "kube-audit-admin")
        return sink.skip("Azure diagnostic record of another category (not kube-audit)");
    const element log = *field(*field(rec, "properties"), "log");
    if (log.is_object()) return sink.event(log);
    std::string_view text;
    if (log.get_string().get(text)) return sink.bad("expected properties.log as the audit event (a JSON string or object)");
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    if (text.empty() || text.front() != '{')
        return sink.bad("expected properties.log to be an audit event as JSON, found \"" + std::string(text.substr(0, 60)) +
                        (text.size() > 60 ? "...\"" : "\""));
    sink.event_text(text);
}

}  // namespace

bool is_azure_diagnostic(element root) {
    if (const auto recs = field(root, "records"); recs && recs->is_array()) {
        simdjson::dom::array arr;
        if (recs->get_array().get(arr)) return false;
        for (element first : arr) return is_record(first);
        return false;
    }
    return is_record(root);
}

void read_azure_diagnostic(element root, Sink& sink) {
    if (const auto recs = field(root, "records"); recs && recs->is_array()) {
        simdjson::dom::array arr;
        if (recs->get_array().get(arr)) return;
        for (element rec : arr) read_record(rec, sink);
        return;
    }
    read_record(root, sink);
}

}  // namespace kg::audit::ingest::cloud
