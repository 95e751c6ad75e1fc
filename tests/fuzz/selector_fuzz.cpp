// libFuzzer target for the label-selector decoder (metav1.LabelSelector read from
// YAML) and Kubernetes matching (clang only; see tests/fuzz/CMakeLists.txt). Any
// bytes give a selector and diagnostics, never a crash; every diagnostic has a
// position inside the text; and matching keeps Kubernetes' semantics: {} selects
// everything, a selector selects the labels it names itself when its expressions
// allow them, In selects its own values, NotIn and DoesNotExist select a missing key.
#include "model/decode/fields.h"
#include "model/enum_names.h"
#include "model/loader.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

using kg::model::LabelRequirement;
using kg::model::LabelSelector;
using kg::model::Labels;
using kg::model::SelectorOp;

void require(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "invariant failed: %s\n", what);
        std::abort();
    }
}

void check_selector(const LabelSelector& s) {
    (void)kg::model::selector_string(s);
    if (s.is_empty()) {
        require(s.matches({}) && s.matches({{"a", "b"}}), "{} selects everything");
        return;
    }
    Labels own;
    for (const auto& [k, v] : s.match_labels) {
        own[k] = v;
    }
    bool expressions_allow = std::all_of(s.match_expressions.begin(), s.match_expressions.end(),
                                         [&](const LabelRequirement& r) { return r.matches(own); });
    require(s.matches(own) == expressions_allow, "matchLabels select their own labels");
    require(s.matches(own) == s.matches(own), "matching is deterministic");
    for (const LabelRequirement& r : s.match_expressions) {
        Labels none;
        if (r.op == SelectorOp::not_in || r.op == SelectorOp::does_not_exist) {
            require(r.matches(none), "NotIn and DoesNotExist select a missing key");
        } else {
            require(!r.matches(none), "In, Exists, Gt and Lt need the key");
        }
        if (r.op == SelectorOp::in) {
            for (const std::string& v : r.values) {
                require(r.matches({{*r.key, v}}), "In selects each of its values");
            }
        }
        if (r.op == SelectorOp::not_in) {
            for (const std::string& v : r.values) {
                require(!r.matches({{*r.key, v}}), "NotIn refuses each of its values");
            }
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    // YAML breaks lines at '\n', a lone '\r', NEL, LS and PS (libfyaml counts them all):
    // an upper bound of the lines counts every byte that can end one.
    std::uint32_t lines = 1;
    for (char c : text) {
        auto b = static_cast<unsigned char>(c);
        lines += (b == '\n' || b == '\r' || b == 0x85 || b == 0xA8 || b == 0xA9) ? 1 : 0;
    }
    kg::model::LoadOptions opt;
    opt.max_alias_nodes = 10'000;
    kg::model::DiagSink diags;
    kg::model::parse_objects(0, text, diags, opt, [&](kg::model::yaml::Node&& n) {
        // The whole document as a selector, and its namespaceSelector (the field
        // Kueue reads) when it has one.
        check_selector(kg::model::decode::decode_label_selector(n, diags, "selector"));
        if (const kg::model::yaml::Node* ns = n.at_path("spec.namespaceSelector")) {
            check_selector(kg::model::decode::decode_label_selector(*ns, diags, "spec.namespaceSelector"));
        }
    });
    for (const kg::model::Diagnostic& d : diags.items()) {
        require(d.pos.line <= lines, "a diagnostic points inside the text");
        require(!d.message.empty(), "a diagnostic says what is wrong");
    }
    return 0;
}
