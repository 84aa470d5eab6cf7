// The evaluator's syntax tree and parser. Private to //xacro:expr.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "xacro/expr.h"
#include "xacro/value.h"

namespace xacro {

enum class NodeType {
  kConst,      // value
  kName,       // name
  kAttr,       // kids[0].name
  kSubscript,  // kids[0][kids[1]]
  kSlice,      // kids: start, stop, step (kNone const when absent); only inside kSubscript
  kCall,       // kids[0](kids[1..]); names: keyword names of the last kids (kw_count of them)
  kUnary,      // op kids[0]
  kBinary,     // kids[0] op kids[1]
  kBoolOp,     // kids joined by `and` (op == kAnd) or `or`
  kNot,        // not kids[0]
  kCompare,    // kids[0] ops[0] kids[1] ops[1] kids[2] ...
  kIfExp,      // kids[1] if kids[0] else kids[2]
  kList,       // [kids...]
  kTuple,      // (kids...)
  kDict,       // {kids[0]: kids[1], ...}
  kListComp,   // [kids[0] for ...]: clauses
  kGenExp,     // (kids[0] for ...): materialized as an iterator "generator"
  kDictComp,   // {kids[0]: kids[1] for ...}
};

enum class Op {
  kAdd, kSub, kMul, kDiv, kFloorDiv, kMod, kPow, kLShift, kRShift, kBitAnd, kBitOr, kBitXor,
  kNeg, kPos, kInvert,
  kAnd, kOr,
  kLt, kGt, kEq, kNe, kLe, kGe, kIn, kNotIn, kIs, kIsNot,
};

// ExprNode, not Node: xacro::Node is the XML tree's (tree.h), and two
// classes of one name in one namespace break the one-definition rule (the
// linker kept one ~Node for both).
struct ExprNode;
using ExprNodePtr = std::unique_ptr<ExprNode>;

// `for targets in iter if conds...` of a comprehension.
struct CompClause {
  std::vector<std::string> targets;  // one name, or the names of a tuple target
  bool tuple_target = false;
  ExprNodePtr iter;
  std::vector<ExprNodePtr> conds;
};

struct ExprNode {
  NodeType type;
  size_t pos = 0;  // byte offset in the source, for messages
  Op op = Op::kAdd;
  Value value;                // kConst; kName: the builtin it names (when `builtin`); kAttr: name as a str
  std::string name;           // kName, kAttr
  // kName: a name xacro defines (math names, list, len, python, ...), found
  // once at compile time; the host's properties still come first.
  bool builtin = false;
  std::vector<ExprNodePtr> kids;
  std::vector<Op> ops;        // kCompare
  std::vector<std::string> keywords;  // kCall: names of the last keywords.size() kids
  std::vector<CompClause> clauses;    // comprehensions
};

// Parses a whole expression; null with *err set.
ExprNodePtr ParseExpression(std::string_view source, const ExprLimits& limits, EvalError* err);

// Names nobody may reach even when the host does not define them: refused
// with XACRO_EXPRESSION_FORBIDDEN rather than reported undefined.
bool IsForbiddenName(std::string_view name);

}  // namespace xacro
