// The completion walk (complete.h). It follows CLI11's own parsing closely enough for
// completion: subcommands by name before the first positional, `--opt value`, `--opt=value`
// and `-o value`, flags that take nothing, and `--` ending options.
#include "cli/completion/complete.h"

#include <algorithm>

namespace kg::cli {

namespace {

bool takes_value(const CLI::Option* o) { return o->get_type_size_max() > 0 && o->get_items_expected_max() > 0; }

const CLI::Option* find_option(CLI::App& app, const std::string& word) {
    for (const CLI::Option* o : app.get_options()) {
        if (!o->nonpositional()) {
            continue;
        }
        if (word.size() > 2 && word.rfind("--", 0) == 0) {
            const auto& l = o->get_lnames();
            if (std::find(l.begin(), l.end(), word.substr(2)) != l.end()) return o;
        } else if (word.size() == 2 && word[0] == '-') {
            const auto& s = o->get_snames();
            if (std::find(s.begin(), s.end(), word.substr(1)) != s.end()) return o;
        }
    }
    return nullptr;
}

/// The values an IsMember check allows, from its description "{a,b,c}".
std::vector<std::string> choices(const CLI::Option* opt) {
    std::vector<std::string> out;
    auto* o = const_cast<CLI::Option*>(opt);  // CLI11 2.1 offers get_validator on non-const only
    for (int i = 0;; ++i) {
        const CLI::Validator* v = nullptr;
        try {
            v = o->get_validator(i);
        } catch (const CLI::OptionNotFound&) {
            break;
        }
        std::string d = v->get_description();
        if (d.size() < 2 || d.front() != '{' || d.back() != '}') {
            continue;
        }
        std::string item;
        for (char c : d.substr(1, d.size() - 2) + ",") {
            if (c == ',') {
                if (!item.empty()) out.push_back(item);
                item.clear();
            } else {
                item += c;
            }
        }
    }
    return out;
}

bool visible(const CLI::App* a) { return !a->get_group().empty() && a->get_name().rfind("__", 0) != 0; }

void keep_prefixed(std::vector<CompletionCandidate>& c, const std::string& prefix) {
    std::erase_if(c, [&](const CompletionCandidate& x) { return x.value.rfind(prefix, 0) != 0; });
}

}  // namespace

Completions complete_words(CLI::App& root, const std::vector<std::string>& words, const std::string& current,
                           const ValueSource& values) {
    CLI::App* app = &root;
    const CLI::Option* pending = nullptr;  // the option whose value `current` is
    std::size_t positionals = 0;
    bool options_ended = false;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (!options_ended && w == "--") {
            options_ended = true;
            continue;
        }
        if (!options_ended && w.size() > 1 && w[0] == '-') {
            const CLI::Option* o = find_option(*app, w.substr(0, w.find('=')));
            if (o && takes_value(o) && w.find('=') == std::string::npos) {
                if (i + 1 == words.size()) {
                    pending = o;
                }
                ++i;
            }
            continue;
        }
        if (positionals == 0) {
            auto subs = app->get_subcommands([&](CLI::App* s) { return s->get_name() == w; });
            if (!subs.empty()) {
                app = subs.front();
                continue;
            }
        }
        ++positionals;
    }

    Completions c;
    std::string prefix, cur = current;
    if (!pending && !options_ended && cur.rfind("--", 0) == 0 && cur.find('=') != std::string::npos) {
        pending = find_option(*app, cur.substr(0, cur.find('=')));
        if (pending && takes_value(pending)) {
            prefix = cur.substr(0, cur.find('=') + 1);
            cur = cur.substr(prefix.size());
        } else {
            pending = nullptr;
        }
    }
    if (pending) {
        for (const std::string& v : choices(pending)) c.candidates.push_back({v, ""});
        bool supplied = !c.candidates.empty() || (values && values(*app, pending, 0, words, c.candidates));
        keep_prefixed(c.candidates, cur);
        for (CompletionCandidate& x : c.candidates) x.value = prefix + x.value;
        c.directive = supplied ? k_comp_no_file_comp : k_comp_default;
        return c;
    }
    if (!options_ended && !cur.empty() && cur[0] == '-') {
        for (const CLI::Option* o : app->get_options()) {
            for (const std::string& l : o->get_lnames()) c.candidates.push_back({"--" + l, o->get_description()});
            for (const std::string& s : o->get_snames()) c.candidates.push_back({"-" + s, o->get_description()});
        }
        keep_prefixed(c.candidates, cur);
        c.directive = k_comp_no_file_comp;
        return c;
    }
    bool supplied = false;
    if (positionals == 0) {
        for (const CLI::App* s : app->get_subcommands([](CLI::App* s) { return visible(s); })) {
            c.candidates.push_back({s->get_name(), s->get_description()});
            supplied = true;
        }
    }
    const auto positional_opts =
        app->get_options([](const CLI::Option* o) { return o->get_positional() && !o->nonpositional(); });
    bool has_positionals = !positional_opts.empty();
    if (positionals < positional_opts.size()) {
        // A positional with an IsMember check (completion SHELL) completes its values only.
        for (const std::string& v : choices(positional_opts[positionals])) {
            c.candidates.push_back({v, ""});
            supplied = true;
            has_positionals = false;
        }
    }
    if (values && values(*app, nullptr, positionals, words, c.candidates)) {
        supplied = true;
    }
    keep_prefixed(c.candidates, cur);
    c.directive = supplied && !has_positionals ? k_comp_no_file_comp : k_comp_default;
    return c;
}

void print_completions(std::ostream& out, const Completions& c) {
    for (const CompletionCandidate& x : c.candidates) {
        out << x.value;
        if (!x.description.empty()) {
            // One line per candidate: a description never carries a newline or tab into it.
            std::string d = x.description.substr(0, x.description.find('\n'));
            std::replace(d.begin(), d.end(), '\t', ' ');
            out << '\t' << d;
        }
        out << '\n';
    }
    out << ':' << c.directive << '\n';
}

}  // namespace kg::cli
