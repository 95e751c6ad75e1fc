// kubectl selector syntax (selector_text.h). A small hand-written scanner: the grammar is
// tiny, and errors must name the column, which a regex cannot.
#include "model/selector_text.h"

#include <cctype>

namespace kg::model {

namespace {

class Scanner {
public:
    explicit Scanner(std::string_view t) : m_t(t) {}

    Result<LabelSelector> parse() {
        LabelSelector sel;
        skip_space();
        if (at_end()) {
            return sel;
        }
        while (true) {
            auto r = requirement();
            if (!r) {
                return r.error();
            }
            sel.match_expressions.push_back(std::move(*r));
            skip_space();
            if (at_end()) {
                return sel;
            }
            if (m_t[m_i] != ',') {
                return fail("',' between requirements");
            }
            ++m_i;
            skip_space();
        }
    }

private:
    bool at_end() const { return m_i >= m_t.size(); }
    void skip_space() {
        while (!at_end() && std::isspace(static_cast<unsigned char>(m_t[m_i]))) {
            ++m_i;
        }
    }
    static bool name_char(char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' || c == '/';
    }
    std::string word() {
        std::size_t b = m_i;
        while (!at_end() && name_char(m_t[m_i])) {
            ++m_i;
        }
        return std::string(m_t.substr(b, m_i - b));
    }
    Error fail(const std::string& expected) const {
        std::string found = at_end() ? "the end" : "\"" + std::string(m_t.substr(m_i, 12)) + "\"";
        return make_error("selector \"" + std::string(m_t) + "\": expected " + expected + " at column " +
                          std::to_string(m_i + 1) + ", found " + found);
    }

    Result<LabelRequirement> requirement() {
        LabelRequirement r;
        bool negated = false;
        if (!at_end() && m_t[m_i] == '!') {
            negated = true;
            ++m_i;
            skip_space();
        }
        r.key.value = word();
        if (r.key.value.empty()) {
            return fail("a label key");
        }
        skip_space();
        if (negated || at_end() || m_t[m_i] == ',') {
            if (negated && !at_end() && m_t[m_i] != ',') {
                return fail("',' or the end after \"!" + r.key.value + "\"");
            }
            r.op = negated ? SelectorOp::does_not_exist : SelectorOp::exists;
            return r;
        }
        if (m_t.substr(m_i, 2) == "==" || m_t.substr(m_i, 2) == "!=") {
            r.op = m_t[m_i] == '!' ? SelectorOp::not_in : SelectorOp::in;
            m_i += 2;
        } else if (m_t[m_i] == '=' || m_t[m_i] == '>' || m_t[m_i] == '<') {
            r.op = m_t[m_i] == '=' ? SelectorOp::in : m_t[m_i] == '>' ? SelectorOp::gt : SelectorOp::lt;
            ++m_i;
        } else {
            std::size_t save = m_i;
            std::string op = word();
            if (op == "in" || op == "notin") {
                r.op = op == "in" ? SelectorOp::in : SelectorOp::not_in;
                return set_values(std::move(r));
            }
            m_i = save;
            return fail("=, ==, !=, in, notin, > or < after \"" + r.key.value + "\"");
        }
        skip_space();
        std::string v = word();  // an empty value is valid: "k=" selects k with the value ""
        if (r.op == SelectorOp::gt || r.op == SelectorOp::lt) {
            if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos) {
                return fail("an integer after \"" + r.key.value + (r.op == SelectorOp::gt ? ">" : "<") + "\"");
            }
        }
        r.values.push_back(std::move(v));
        return r;
    }

    Result<LabelRequirement> set_values(LabelRequirement r) {
        skip_space();
        if (at_end() || m_t[m_i] != '(') {
            return fail("'(' opening the value set");
        }
        ++m_i;
        while (true) {
            skip_space();
            r.values.push_back(word());
            skip_space();
            if (at_end()) {
                return fail("')' closing the value set");
            }
            if (m_t[m_i] == ')') {
                ++m_i;
                return r;
            }
            if (m_t[m_i] != ',') {
                return fail("',' or ')' in the value set");
            }
            ++m_i;
        }
    }

    std::string_view m_t;
    std::size_t m_i = 0;
};

}  // namespace

Result<LabelSelector> parse_selector_text(std::string_view text) { return Scanner(text).parse(); }

}  // namespace kg::model
