// The big count lives in core/bigcount.h; this path stays only while solver/trails.h, which
// another change is splitting, still includes it.
#pragma once

#include "core/bigcount.h"
