// Where a thing came from: every object and every field a rule or an error may
// point at keeps its file, line and column (1-based), so messages can name them.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>

namespace kg::model {

/// A position in a loaded file. file_id indexes SourceFiles; line/col are 1-based, 0 = unknown.
struct SourcePos {
    std::uint32_t file_id = 0;
    std::uint32_t line = 0;
    std::uint32_t col = 0;

    bool known() const { return line != 0; }
    friend bool operator==(const SourcePos&, const SourcePos&) = default;
};

/// A value together with the position of the YAML node it was read from.
template <typename T>
struct Located {
    T value{};
    SourcePos pos{};

    Located() = default;
    Located(T v, SourcePos p = {}) : value(std::move(v)), pos(p) {}
    const T& operator*() const { return value; }
    const T* operator->() const { return &value; }
};

/// The table of loaded files. Id 0 is reserved for "no file" (objects built in code).
/// Keeps each file's name; the text is kept only when asked (for excerpts under errors),
/// as a string or as a view into memory that `owner` keeps alive (a mapped file).
class SourceFiles {
public:
    SourceFiles() { m_names.emplace_back("<none>"); m_texts.emplace_back(); }

    std::uint32_t add(std::string name, std::string text = {}) {
        m_names.push_back(std::move(name));
        m_texts.push_back({std::move(text), {}, nullptr});
        return static_cast<std::uint32_t>(m_names.size() - 1);
    }
    const std::string& name(std::uint32_t id) const { return m_names.at(id < m_names.size() ? id : 0); }
    /// The text of the file if kept, else empty.
    std::string_view text(std::uint32_t id) const {
        if (id >= m_texts.size()) {
            return {};
        }
        const Text& t = m_texts[id];
        return t.owner ? t.view : std::string_view(t.owned);
    }
    void set_text(std::uint32_t id, std::string text) {
        if (id < m_texts.size()) {
            m_texts[id] = {std::move(text), {}, nullptr};
        }
    }
    /// Keeps `text`, which lives as long as `owner` does.
    void set_text(std::uint32_t id, std::string_view text, std::shared_ptr<const void> owner) {
        if (id < m_texts.size()) {
            m_texts[id] = {{}, text, std::move(owner)};
        }
    }
    std::size_t size() const { return m_names.size(); }

private:
    struct Text {
        std::string owned;
        std::string_view view;              ///< the text when `owner` holds it
        std::shared_ptr<const void> owner;  ///< null: the text is `owned`
    };
    // deque: references to names stay valid while files are added.
    std::deque<std::string> m_names;
    std::deque<Text> m_texts;
};

}  // namespace kg::model
