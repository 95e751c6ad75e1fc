// The cheap test every raw audit line passes before extraction: most of a real audit log
// is leases, pods, events and reads that cannot matter to Kueue evidence. A line it rejects
// is still parsed and checked (Extractor::skipped_line): a corrupt line is never "skipped".
// The apiserver writes an event's fields in a fixed order (audit.k8s.io/v1 Go struct),
// so verb, stage and the flat objectRef object come before any body: the filter reads
// them with a few bounded memmem calls instead of scanning whole lines.
#pragma once

#include "audit/ingest/cloud/sniff.h"

#include <cstring>
#include <string_view>

namespace kg::audit::ingest {

enum class Prefilter { keep, unrelated, read_verb, early_stage };

inline bool contains(std::string_view hay, std::string_view needle) {
    return ::memmem(hay.data(), hay.size(), needle.data(), needle.size()) != nullptr;
}

/// The string value that follows `"key":"` in compact JSON, or "" (the pre-filter only:
/// real parsing happens afterwards).
inline std::string_view raw_value(std::string_view text, std::string_view quoted_key_colon_quote) {
    const void* p = ::memmem(text.data(), text.size(), quoted_key_colon_quote.data(), quoted_key_colon_quote.size());
    if (p == nullptr) return {};
    const char* v = static_cast<const char*>(p) + quoted_key_colon_quote.size();
    const char* end = text.data() + text.size();
    const void* q = std::memchr(v, '"', static_cast<std::size_t>(end - v));
    return q ? std::string_view(v, static_cast<std::size_t>(static_cast<const char*>(q) - v)) : std::string_view();
}

/// API groups whose objects are Kueue evidence (Kueue itself and the job kinds it manages),
/// and RBAC, which says who could change queue policy (KQ5008, the report's section C7).
inline bool evidence_group(std::string_view g) {
    return g == "kueue.x-k8s.io" || g == "rbac.authorization.k8s.io" || g == "batch" || g == "jobset.x-k8s.io" || g == "kubeflow.org" ||
           g == "trainer.kubeflow.org" || g == "ray.io" || g == "leaderworkerset.x-k8s.io" ||
           g == "workload.codeflare.dev";
}

inline Prefilter prefilter(std::string_view line) {
    const void* ref = ::memmem(line.data(), line.size(), "\"objectRef\":{", 13);
    if (ref == nullptr) {
        // Not a compact resource event: an EventList batch, a non-resource request, an
        // object written as one JSON line, or a cloud wrapper. Keep what mentions Kueue, a
        // batch of events, or a wrapper (whose event the plain test cannot see).
        return contains(line, "kueue") || contains(line, "\"EventList\"") || cloud::may_be_wrapper(line)
                   ? Prefilter::keep
                   : Prefilter::unrelated;
    }
    const char* ref_begin = static_cast<const char*>(ref) + 13;
    const char* line_end = line.data() + line.size();
    const void* ref_close = std::memchr(ref_begin, '}', static_cast<std::size_t>(line_end - ref_begin));
    const std::string_view head(line.data(), static_cast<std::size_t>(static_cast<const char*>(ref) - line.data()));
    const std::string_view object_ref(ref_begin, ref_close ? static_cast<std::size_t>(static_cast<const char*>(ref_close) - ref_begin)
                                                           : static_cast<std::size_t>(line_end - ref_begin));
    const std::string_view group = raw_value(object_ref, "\"apiGroup\":\"");
    bool relevant = evidence_group(group);
    if (!relevant && (group.empty() || group == "events.k8s.io")) {
        const std::string_view resource = raw_value(object_ref, "\"resource\":\"");
        // Events matter only when Kueue wrote them or they are about Kueue objects.
        relevant = resource == "namespaces" || (resource == "events" && contains(line, "kueue"));
    }
    if (!relevant) return Prefilter::unrelated;
    const std::string_view verb = raw_value(head, "\"verb\":\"");
    if (verb == "get" || verb == "list" || verb == "watch") return Prefilter::read_verb;
    const std::string_view stage = raw_value(head, "\"stage\":\"");
    if (!stage.empty() && stage != "ResponseComplete") return Prefilter::early_stage;
    return Prefilter::keep;
}

}  // namespace kg::audit::ingest
