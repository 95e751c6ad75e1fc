// Shared reads for the per-integration pod set builders: counts with Kubernetes'
// defaults, pod templates through the PodSpec decoder, and AppWrapper-style paths.
#include "model/decode/decode_kinds.h"
#include "model/decode/fields.h"
#include "model/jobs/pod_set_builders.h"

#include <algorithm>
#include <charconv>

namespace kg::model::jobs::detail {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) {
        if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        }
    }
    return out;
}

std::int32_t int_or(const Node* n, std::int32_t dflt, DiagSink& diags, std::string_view field) {
    if (!n || n->is_null()) {
        return dflt;
    }
    return static_cast<std::int32_t>(decode::as_int(n, diags, field, 0, INT32_MAX).value_or(dflt));
}

std::int32_t mul_count(std::int32_t a, std::int32_t b) {
    std::int64_t r = static_cast<std::int64_t>(a) * b;
    return static_cast<std::int32_t>(std::clamp<std::int64_t>(r, 0, INT32_MAX));
}

PodSet make_pod_set(std::string name, SourcePos name_pos, std::int32_t count, const Node* pod_template,
                    DiagSink& diags) {
    PodSet ps;
    ps.name = Located<std::string>(std::move(name), name_pos.known() || !pod_template ? name_pos : pod_template->pos);
    ps.count = count;
    if (pod_template && decode::is_mapping(pod_template, diags, "template")) {
        ps.template_spec = decode::decode_pod_spec(pod_template->get("spec"), diags);
        ps.topology_request = decode::topology_request_from_annotations(pod_template->get("metadata"), diags);
    }
    return ps;
}

std::int32_t job_pods(const Node* job_spec, DiagSink& diags) {
    if (!job_spec || !job_spec->is_mapping()) {
        return 1;
    }
    std::int32_t pods = int_or(job_spec->get("parallelism"), 1, diags, "parallelism");
    return std::min(pods, int_or(job_spec->get("completions"), pods, diags, "completions"));
}

const Node* node_at_path(const Node& root, std::string_view path) {
    constexpr std::string_view k_root = "template";
    if (path.substr(0, k_root.size()) != k_root) {
        return nullptr;
    }
    std::string_view rest = path.substr(k_root.size());
    const Node* cur = &root;
    while (!rest.empty() && cur) {
        if (rest.front() == '[') {
            std::size_t end = rest.find(']');
            std::size_t index = 0;
            if (end == std::string_view::npos ||
                std::from_chars(rest.data() + 1, rest.data() + end, index).ec != std::errc{} ||
                !cur->is_sequence() || index >= cur->items.size()) {
                return nullptr;
            }
            cur = &cur->items[index];
            rest.remove_prefix(end + 1);
        } else if (rest.front() == '.') {
            rest.remove_prefix(1);
            std::size_t end = std::min(rest.find('.'), rest.find('['));
            std::string_view key = rest.substr(0, end);
            cur = cur->get(key);
            rest.remove_prefix(key.size());
        } else {
            return nullptr;
        }
    }
    return cur;
}

}  // namespace kg::model::jobs::detail
