"""The frame of a blob: the magic line naming its format, the lengths, the checksummed zlib stream."""

from __future__ import annotations

import struct
import sys
import zlib
from array import array

from cardamom.errors import CardamomError

SNAPSHOT_FORMAT = 66
"""The format this code writes, named by every blob's magic line.

Bump it by hand whenever what a snapshot holds or how it is laid out changes: the codec's
layout, and the pool, tokens, index or refusals a build puts in it. The golden encoding of a
small org for each format (``tests/unit/snapshot_format/``) makes forgetting it fail. The
source bytes and the Python version play no part: a comment, a refactor, a mixed-version
deploy or an org applied from a CLI on another Python leaves every stored snapshot good.
"""

OLDER_READABLE: frozenset[int] = frozenset(range(3, SNAPSHOT_FORMAT))
"""Older formats whose blobs this code still decodes: served as they are until the rebuild
function replaces them (``SnapshotService.outdated``), so a deploy that bumps the format
never rebuilds on the request path. Format 3 is format 4 plus the fingerprint of the code
that built it (source bytes and Python minor version), which is ignored; format 4 is format 5
without the org's collapse threshold, read as none (never listed); format 5 is format 6
without the remote MCP servers' listings, read as none (the next rebuild lists them); format 6
is this layout with the scaffolding sentences of merged and frozen tools indexed and no
per-tool own-name sizes (format 7: ``search_text``; the sizes are derived on load), so until
the rebuild those words still score; format 7 is this layout with a shortened advertised
name's digest indexed as name words and the words cut from it not (format 8:
``search_text.name_words``), which the rebuild corrects; format 8 is this layout without the
ranker switches ``value_markers``, ``topic_values``, ``vocabulary_compounds`` and
``name_evidence`` (format 9), read as on, as they ship (``SearchOptions.from_switches``); format
9 is this layout without the switches ``product_names``, ``qualifiers``, ``implied_app``,
``destructive_actions``, ``guessed_number`` and ``unscoped_values`` (format 10), read as they
ship (all on but the last); format 10 is this layout without the switches ``read_actions``,
``first_word_ties`` and ``state_verbs`` (format 11), read as on, and with its inflected forms
grouped by the older ``inflection_key`` (four-letter words lost their final "e": ``note``
met ``not``), which the decoder groups again (``SearchIndex.rekey_forms``); format 11 is this
layout without the switches ``named_grammar``, ``frame_nouns``, ``search_verbs`` and
``value_evidence`` (format 12), read as on; format 12 is this layout without the switches
``field_phrases``, ``head_nouns``, ``role_values``, ``name_verbs``, ``app_tails`` and
``guessed_verbs`` (format 13), read as on; format 13 is this layout without the tools'
titles and the switch ``title_order`` (format 14), read as no titles (no tool moves for its
title until the rebuild); format 14 is this layout without the switch ``number_ties`` (format
15), read as on; format 15 without the switches ``head_all``, ``possessive_fields`` and
``field_thing_head`` (format 16), read as on; format 16 without the switches ``unsaid_head``,
``set_values``, ``item_fields`` and ``search_terms`` (format 17), read as on; format 17 without the
switches ``first_person``, ``title_words``, ``search_things``, ``added_fields``,
``second_actions``, ``status_transitions``, ``move_updates``, ``kept_sources`` and
``create_topics`` (format 18), read as on; format 18 without the switches ``article_heads``,
``thing_names``, ``noun_verbs``, ``created_fields`` and ``taken_out`` (format 19), read as on;
format 19 without the switches ``word_forms``, ``keyword_order`` and ``listed_plural`` (format
20), read as on; format 20 without the switches ``endpoint_paths`` and ``sdk_calls`` (format
21), read as on; format 21 without the switches ``person_names``, ``telling``,
``actions_imply_nothing``, ``issue_keys``, ``reads_as_lists`` and ``logged_time`` (format 22),
read as on; format 22 without the switches ``asked_states``, ``named_things``, ``reminders``,
``api_words``, ``path_values``, ``listed_filters``, ``named_containers``, ``placed_slugs`` and
``abbreviations`` (format 23), read as on; format 23 without the switches ``argument_lists``,
``unsaid_reads``, ``valued_qualifiers``, ``counted_lists`` and ``searched_lists`` (format 24),
read as on; format 24 without the switches ``filtering_things``, ``unsaid_searches``,
``names_before_kinds`` and ``admin_last`` (format 25), read as on; format 25 without the
switches ``valued_kinds``, ``frame_adjectives``, ``tagged_values``, ``repo_slugs``,
``sentence_titles``, ``placed_codes``, ``field_prepositions``, ``framed_heads``,
``asked_actions``, ``unsaid_filters``, ``placing_kinds``, ``updated_fields``,
``searched_synonyms``, ``gerund_topics``, ``sent_things``, ``negated_actions`` and
``compared_values`` (format 26), read as on; format 26 without the switches ``told_frames``,
``instrument_words``, ``joined_names``, ``placed_keys``, ``told_text``, ``chat_openers``,
``ordered_things``, ``grammar_prefixes`` and ``marked_states`` (format 27), read as on, and its
tokens split a plural acronym ("PRs" as "p", "rs"), which the rebuild corrects; format 27
without the switches ``tool_frames``, ``ordered_searches``, ``container_items``,
``output_formats``, ``trailing_fields``, ``sent_to_apps``, ``short_ids``, ``sent_messages``,
``counted_things``, ``unsaid_lists`` and ``labelled_parts`` (format 28), read as on; format 28
without the switches ``context_sentences``, ``possessive_values``, ``negated_states``,
``questioned_states``, ``listed_heads``, ``thing_urls``, ``field_lists``, ``participle_states``,
``passive_actions``, ``sort_orders`` and ``spelled_counts`` (format 29), read as on; format 29
without the switches ``reason_clauses``, ``superlative_orders``, ``field_nouns``,
``hedged_requests``, ``excepted_things``, ``repeated_actions``, ``joined_actions``,
``placed_names``, ``listed_steps``, ``misspelled_words``, ``phrasal_verbs``, ``wished_states``,
``thing_questions``, ``app_labels``, ``posted_in``, ``named_verbs``, ``context_pronouns`` and
``called_names`` (format 30), read as on; format 30 without the switches ``implied_frames``,
``asked_things``, ``placed_things``, ``general_searches``, ``said_questions``, ``app_own_words``,
``info_names``, ``stated_commas``, ``contents_questions``, ``prefixed_ids``, ``ending_deletes``,
``repo_refs`` and ``exported_lists`` (format 31), read as on; format 31 without the switches
``verbal_nouns``, ``undoing_verbs``, ``app_objects``, ``person_moves`` and ``monologue_frames``
(format 32), read as on; format 32 without the switches ``outcome_requests``,
``lowercase_names``, ``separated_particles`` and ``person_lookups`` (format 33), read as on; format
33 without the switches ``quantity_values``, ``dated_names``, ``checked_states``, ``scheduled_sends``,
``rescheduled_things``, ``booked_meetings``, ``review_verdicts``, ``started_workflows``,
``placed_titles``, ``object_slugs``, ``object_files``, ``described_verbs``, ``converted_things``,
``grouped_names`` and ``modifier_literals`` (format 34), read as on, and with its own-name sizes
counting a version's date in a name, which the decoder counts again (``dated_names``); format 34
without the switches ``said_fillers``, ``owned_clauses``, ``posted_updates``, ``numbered_ids``,
``opened_things``, ``paired_values``, ``noun_names``, ``labelled_numbers``, ``bare_verbs``,
``sent_places`` and ``guessed_qualifiers`` (format 35), read as on; format 35 without the
switches ``lone_frames``, ``plural_heads``, ``opened_reads``, ``plural_titles``,
``elsewhere_heads``, ``listed_phrases`` and ``unasked_endings`` (format 36), read as on; format 36
without the switches ``attached_files``, ``listed_criteria``, ``articled_kinds``,
``stated_situations``, ``reported_requests``, ``framed_telling``, ``asked_filters``,
``channel_histories``, ``verbed_tools`` and ``own_fields`` (format 37), read as on; format 37
without the switches ``compound_kinds``, ``asked_fields``, ``titled_nouns``, ``app_slugs``,
``asked_lists``, ``thing_fields``, ``written_reads``, ``filter_values``, ``capability_questions``,
``plural_lists``, ``marked_reads``, ``hyphenated_values`` and ``asked_times`` (format 38), read as
on; format 38 without the switches ``names_after_kinds``, ``camel_words`` and ``tenancy_moves``
(format 39), read as on; format 39 without the switches ``aside_clauses`` and ``kind_fields``
(format 40), read as on; format 40 without the switches ``people_questions``, ``given_fields``,
``keyword_bags`` and ``ability_questions`` (format 41), read as on; format 41 without the switches
``constant_names``, ``counted_questions``, ``handed_things``, ``counted_limits`` and
``switched_things`` (format 42), read as on; format 42 without the switches ``told_by_anyone``,
``wanted_done``, ``own_roles``, ``described_requests``, ``conceded_clauses``, ``purposed_things``
and ``existence_questions`` (format 43), read as on; format 43 without the switches
``intended_acts``, ``merged_branches``, ``misspelled_apps``, ``spoken_numbers``, ``joined_words``,
``qualified_means``, ``message_labels``, ``asked_passives``, ``told_attempts``, ``tool_words``,
``intent_fields``, ``leave_questions``, ``assistant_orders``, ``described_things``, ``short_flags`` and
``spelling_variants`` (format 44), read as on; format 44 without the switches ``revoked_access``,
``access_questions``, ``conditional_things``, ``long_contexts``, ``narrated_clicks``, ``asked_reports``,
``addressed_bots``, ``undone_acts``, ``recipient_kinds``, ``learner_forms``, ``head_branches``,
``spaced_numbers``, ``ended_things``, ``time_frames``, ``reminded_orders``, ``about_questions``,
``supposed_acts``, ``courtesies``, ``role_openers``, ``bracketed_ids``, ``manner_adverbs`` and
``listed_ids`` (format 45), read as on; format 45 without the switches ``interjections``,
``additive_words``, ``topic_openers``, ``regretted_acts``, ``recurrences``, ``slang_verbs``,
``counted_orders``, ``addressed_apps``, ``asked_pieces``, ``go_aheads``, ``request_tags``, ``tried_acts``,
``suggested_acts``, ``whole_things``, ``framed_texts``, ``behalf_phrases``, ``titled_things``,
``sign_offs``, ``complaint_questions``, ``accidental_acts``, ``awaited_acts``, ``user_stories``,
``follow_ups``, ``mentioned_things`` and ``polite_conditions`` (format 46), read as on; format 46 without
the switches ``placed_apps``, ``texted_things``, ``failure_reports``, ``possessive_pronouns``,
``stating_parts``, ``hedge_phrases``, ``new_fields``, ``asked_auxiliaries``, ``ensured_members``,
``had_things``, ``undone_opposites``, ``quoted_requests``, ``repeated_parts``, ``relative_clauses``,
``shell_verbs``, ``declined_acts``, ``thing_histories``, ``created_for`` and ``role_people`` (format 47),
read as on; format 47 without the switches ``foreign_courtesies``, ``alternative_verbs``, ``inspected_acts``,
``checklist_items``, ``excepted_values``, ``light_verbs``, ``enclosing_marks``, ``unhurried_phrases``,
``modelled_things``, ``stated_orders``, ``unmarked_contractions``, ``habitual_phrases``,
``environment_words``, ``precaution_clauses``, ``go_ahead_phrases``, ``thing_appositives``,
``addressed_people`` and ``formal_verbs`` (format 48), read as on; format 48 without the switches
``made_nouns``, ``undone_assignments``, ``idiom_moves``, ``phrasal_clauses``, ``undone_gerunds``,
``app_opened_orders``, ``member_clauses``, ``named_field_acts``, ``method_words``, ``kebab_names`` and
``write_actions`` (format 49), read as on; format 49 without the switches ``relation_questions``,
``handle_ids``, ``placed_mine``, ``nominal_verbs``, ``ship_names``, ``listed_names``, ``shortened_phrases``,
``kept_questions`` and ``articled_acts`` (format 50), read as on; format 50 without the switches
``read_carriers``, ``held_questions``, ``stated_compounds``, ``titled_adverbs``, ``named_short_ids``,
``looks_questions``, ``said_references``, ``time_entries``, ``framing_participles``, ``able_words``,
``ordered_moves``, ``happened_questions``, ``constant_values``, ``which_had`` and ``belonged_questions``
(format 51), read as on; format 51 without the index's ``parameter_things`` and the switches
``parameter_fit`` and ``slug_apps`` (format 52), read as on with no tool taking any thing (the
tie order's fit and a slug's app wait for the next rebuild); format 52 without the switches
``whole_kinds``, ``qualified_kinds``, ``taken_things_said``, ``joined_values``, ``asked_caller_things``,
``setting_actions``, ``slug_first`` and ``caller_twins`` (format 53), read as on; format 53 without
the switches ``unsaid_modifiers``, ``switching_writes``, ``named_creations`` and ``possible_actions``
(format 54), read as on; format 54 without the switches ``scoped_compounds``, ``progress_questions``,
``past_runs``, ``unknown_doers``, ``listed_setups``, ``id_named_things``, ``told_about``, ``chosen_people``,
``asked_modifiers``, ``changed_histories``, ``stopped_runs``, ``fields_on_things`` and ``id_segments``, and
with its descriptions' camel-case words in their humps only (format 55), read as on, the whole words
waiting for the next rebuild; format 55 without the switches ``grouped_scores``, ``checked_members``,
``named_measures``, ``used_amounts``, ``searched_phrases``, ``unpaired_modifiers``, ``made_roles``,
``started_things``, ``own_relations``, ``field_updates``, ``verbed_things``, ``archived_restores`` and
``modifier_phrases`` (format 56), read as on; format 56 without the switches ``described_modifiers``,
``plural_openings``, ``two_word_kinds``, ``asked_slugs``, ``added_things``, ``possible_doers`` and
``stated_predicates`` (format 57), read as on; format 57 without the switches ``singular_lists``,
``slug_frames``, ``dotted_values``, ``example_values``, ``slug_owners``, ``undoing_names`` and
``caller_user_twins`` (format 58), read as on; format 58 without the switches ``named_files``,
``keyed_lists``, ``unnamed_switches``, ``mood_twins`` and ``belonging_clauses`` (format 59), read as on;
format 59 without the switches ``opaque_ids``, ``seen_fields``, ``unconnected_owners``, ``denied_tails``,
``which_modifiers`` and ``named_owners`` (format 60), read as on; format 60 without the switches
``fused_names`` and ``placed_participles`` (format 61), read as on; format 61 without the switches
``app_named_things``, ``quoted_contents``, ``synonym_nouns``, ``described_all`` and ``opaque_fields``
(format 62), read as on; format 62 without the switches ``redone_actions``, ``prefixed_opaque``,
``adverb_openings``, ``product_lines``, ``glossed_words``, ``time_logs`` and ``unscoped_lists`` (format 63),
read as on; format 63 without the switches ``capital_ids``, ``app_plurals`` and ``set_states`` (format 64),
read as on; format 64 without the switches ``id_lookups`` and ``acted_lists`` (format 65), read as on;
format 65 without the switches ``question_things``, ``tenancy_names``, ``acronym_modifiers``,
``number_twins``, ``asked_writes`` and ``appended_kinds`` (format 66), read as on.
The org's app names are never stored: every load derives them (``SearchIndex.add_apps``). A format
whose layout this code cannot read leaves this set; its blobs are then ``OutdatedSnapshot``."""


FIRST_FORMAT_OF_THIS_KEY = 11
"""The first format whose inflected forms are grouped by this code's ``inflection_key``."""

FIRST_FORMAT_OF_DATED_NAMES = 34
"""The first format whose own-name sizes leave the names' numbers out (``dated_names``)."""


class CorruptSnapshot(CardamomError):
    """The stored snapshot cannot be decoded; it must be rebuilt, never half-served."""


class OutdatedSnapshot(CorruptSnapshot):
    """A blob of an older format this code no longer reads: rebuilt, like a damaged one."""


class NewerSnapshot(CorruptSnapshot):
    """A blob of a newer format (newer code wrote it: a deploy under way): never overwritten."""


_PREFIX = b"CARDAMOM-SNAPSHOT "
_HEADER = struct.Struct("<QQ")  # after the magic line: the zlib stream's length, the payload's
_MAX_INFLATION = 1032  # deflate's best ratio: a recorded payload size beyond it is damage
MARSHAL_VERSION = 4  # back-references: each distinct string, number, posting set (and schema of a chunk) loads once
COMPRESSION_LEVEL = 6
UINT32 = "I" if array("I").itemsize == 4 else "L"  # stored little-endian


def magic(format_version: int = SNAPSHOT_FORMAT) -> bytes:
    """The first line of a blob of ``format_version``."""
    return _PREFIX + str(format_version).encode() + b"\n"


MAGIC = magic()


def blob_format(blob: bytes) -> int | None:
    """The format a blob's magic line names; ``None`` for anything that is not a snapshot."""
    if not blob.startswith(_PREFIX):
        return None
    end = blob.find(b"\n", len(_PREFIX), len(_PREFIX) + 10)
    digits = blob[len(_PREFIX) : end]
    if end < 0 or not digits.isdigit() or digits.startswith(b"0"):
        return None
    return int(digits)


def frame(payload: bytes, format_version: int = SNAPSHOT_FORMAT) -> bytes:
    """The blob of a marshal payload: the magic line, the lengths, the zlib stream."""
    stream = zlib.compress(payload, COMPRESSION_LEVEL)
    return magic(format_version) + _HEADER.pack(len(stream), len(payload)) + stream


def uint32s(data: bytes) -> array[int]:
    values = array(UINT32)
    values.frombytes(data)
    if sys.byteorder != "little":
        values.byteswap()
    return values


def unframe(blob: bytes) -> bytes:
    """The marshal payload of a blob of a format this code reads, its checksum verified.

    Raise ``NewerSnapshot`` or ``OutdatedSnapshot`` for a format it does not read, and
    ``CorruptSnapshot`` for anything else that cannot be trusted.

    The recorded lengths let a truncated blob or stray bytes be refused before inflating,
    and the payload be inflated into one buffer of its size (growing one cost 4 ms more at
    10,000 tools, in a process that had no freed memory to reuse).
    """
    found = blob_format(blob)
    if found is None:
        raise CorruptSnapshot("not a snapshot (it will be rebuilt)")
    if found > SNAPSHOT_FORMAT:
        raise NewerSnapshot(f"the snapshot is of format {found}, newer than this code's {SNAPSHOT_FORMAT}")
    if found != SNAPSHOT_FORMAT and found not in OLDER_READABLE:
        raise OutdatedSnapshot(f"the snapshot is of format {found}, which this code no longer reads")
    head = len(magic(found))
    start = head + _HEADER.size
    if len(blob) < start:
        raise CorruptSnapshot("the snapshot is truncated")
    stream, size = _HEADER.unpack_from(blob, head)
    if len(blob) != start + stream or size > _MAX_INFLATION * stream:
        raise CorruptSnapshot("the snapshot is truncated, followed by stray bytes, or its lengths are damaged")
    try:
        payload = zlib.decompress(memoryview(blob)[start:], bufsize=max(size, 1))
    except zlib.error as exc:
        raise CorruptSnapshot(f"the snapshot's stream is damaged: {exc}") from exc
    if len(payload) != size:
        raise CorruptSnapshot("the snapshot's payload is not the size it recorded")
    return payload
