// Big results a verb is done with, left for the process's end to reclaim.
#pragma once

#include <memory>
#include <utility>
#include <vector>

namespace kg::cli {

/// Takes `value` and never destroys it: the operating system takes its memory back with the
/// process, at once, instead of object by object. A verb hands over what it built only to
/// print (a replay's half a million result rows and timelines, the cluster behind them), where
/// freeing each string and map node is work for nothing. clang's -disable-free does the same
/// for its syntax trees. The objects stay reachable (from a pointer that is never
/// freed), so LeakSanitizer does not report them; nothing is flushed or closed by a destructor
/// of what is kept here, so kept values must not own files or connections.
template <class T>
void keep_until_exit(T&& value) {
    static auto* const kept = new std::vector<std::shared_ptr<void>>();
    kept->push_back(std::make_shared<std::decay_t<T>>(std::forward<T>(value)));
}

}  // namespace kg::cli
