// Finds the items of a `kubectl get -o yaml|json` List export by their text layout,
// so batches of items can be parsed apart from each other. Only the layouts kubectl
// (and `jq -c`) print are recognised; anything else gets no layout (and the one-pass
// parse).
//   YAML: a line `items:` at column 0, then items that each start with `- ` at
//         column 0, then more root keys at column 0 (or the end of the text).
//   JSON: a line `<I spaces>"items": [`, then items that each are a `<J spaces>{`
//         line up to a `<J spaces>}` or `<J spaces>},` line, then `<I spaces>]`;
//         or, one item per line (`jq -c`, a script's json.dumps per item), a header
//         line `{..."items": [` with no bracket or brace before the key, then lines
//         `{...}` / `{...},` at column 0, then a line opening with `]`.
// The layout is a claim checked later: the wrapper must parse cleanly with the
// `items` key on the expected line, and every batch must parse cleanly into
// exactly as many items as it was cut into.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kg::model::yaml {

struct ListItemSpan {
    std::size_t begin = 0;  ///< byte offset of the item's first line
    std::size_t end = 0;    ///< one past its last byte (JSON: before the separating comma)
    std::uint32_t line = 0; ///< 0-based line of `begin` within the text
};

struct ListLayout {
    bool json = false;
    /// The text with the items taken out (an empty `items: []` / `[` `]` left in place):
    /// parsed on its own to check the rest of the document.
    std::string wrapper;
    /// 0-based line of the `items` key; the wrapper keeps it on the same line.
    std::uint32_t items_line = 0;
    std::vector<ListItemSpan> items;
};

std::optional<ListLayout> find_list_layout(std::string_view text);

/// True when `text` holds something whose meaning depends on text outside it, or
/// whose line count libfyaml may see differently from counting '\n': an anchor or
/// alias token, a carriage return not followed by '\n', NEL, LS or PS, or a NUL
/// byte (libfyaml stops reading there). A batch or wrapper with any of these is not
/// parsed apart.
bool has_context_dependent_syntax(std::string_view text);

}  // namespace kg::model::yaml
