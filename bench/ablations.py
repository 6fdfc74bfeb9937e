"""The ranker changes, each a ``SearchOptions`` switch, for the "each ranker change, before and
after" table: the seed rules alone, then each shipped change added in turn (the last of these
rows is what ships), then each change measured and not shipped, added to the shipped ranker.

A change is a switch turned on, or a value set (the semantic fallback's refit numbers)."""

from __future__ import annotations

import dataclasses
from typing import Any

from cardamom.core.search import SEED_RULES_ONLY, SearchOptions
from cardamom.core.search.fallback_rule import RULE

SHIPPED_CHANGES: tuple[tuple[str, str, Any], ...] = (
    ("+ query filler words dropped", "drop_filler", True),
    ("+ inflections", "inflections", True),
    ("+ inflection-only reverse prefix", "strict_reverse_prefix", True),
    ("+ guessed-name rules", "guessed_name_rules", True),
    ("+ tie order (own-name coverage, shorter name)", "tie_order", True),
    ("+ connector-name scoping", "app_scope", True),
    ("+ argument values out of a scoped query's mass", "argument_values", True),
    ("+ synonym groups inside a scope", "synonyms", True),
    ("+ semantic fallback (static embeddings)", "semantic_fallback", True),
    ("+ grammar words no name in the pool carries leave the query", "unmatched_grammar", True),
    ("+ ties: a synonym does not cover a name", "literal_ties", True),
    ("+ ties: the description that says more of the query", "description_ties", True),
    ("+ a description-only match covers half in every query in words", "words_description_half", True),
    ("+ fallback refit (similarity 0.5, app margin 0.1, six words)", "fallback_rule", RULE),
    ("+ fallback inside one app named whole (eight words)", "named_app_fallback", True),
    ("+ the word announcing a value leaves with it (called, due)", "value_markers", True),
    ("+ compounds the names write as one word (work log)", "vocabulary_compounds", True),
    ("+ topic words no tool in the named app carries are values", "topic_values", True),
    ("+ a request in words must reach a tool's name or label", "name_evidence", True),
    ("+ an unconnected app's name that tool names carry ranks among those tools", "product_names", True),
    ("+ a word between action and object no name of the app carries is a value", "qualifiers", True),
    ("+ a word only one app's names carry implies that app", "implied_app", True),
    (
        "+ no delete tool for a request that does not delete, no writing tool for one that does",
        "destructive_actions",
        True,
    ),
    ("+ a guessed name's grammatical number is a guess", "guessed_number", True),
    ("+ no tool that only writes for a request that reads", "read_actions", True),
    ("+ ties: the name carrying the request's first word", "first_word_ties", True),
    ("+ a state change no name of the app says is an update (close an issue)", "state_verbs", True),
    ("+ all that no name carries leaves the query, whatever descriptions say", "named_grammar", True),
    ("+ details, info that no name carries leave the query", "frame_nouns", True),
    ("+ find where no name of the app searches is get (find xero invoices)", "search_verbs", True),
    ("+ a tool only a request's values reach is no answer", "value_evidence", True),
    ("+ the field a request changes is a value (set the priority of an issue)", "field_phrases", True),
    ("+ no tool acting on another thing than the request's head noun (folder locks for a folder)", "head_nouns", True),
    ("+ a role given with as that no name carries is a value (link as blocks)", "role_values", True),
    ("+ a first word a tool name opens with is the action: no delete tool (link an issue)", "name_verbs", True),
    ("+ workspace or account after the app's name that no name carries places the request", "app_tails", True),
    ("+ a guessed name's verb no tool of the app says leaves it", "guessed_verbs", True),
    ("+ the tool whose title the request says word for word comes first (Download file)", "title_order", True),
    ("+ ties: a plural word reaching names through a synonym asks for plural names (members)", "number_ties", True),
    ('+ a name\'s "all" counts only where the name carries the head noun (get all comments)', "head_all", True),
    ("+ a possessive field reads as one written with of (the task's name)", "possessive_fields", True),
    ("+ a request whose field left the mass has the thing as head (change the summary of)", "field_thing_head", True),
    ("+ a head no name says: tools not saying it give way (a note on jira issue, asana comment)", "unsaid_head", True),
    ("+ what a field phrase sets the field to is a value where no name carries it (to high)", "set_values", True),
    ("+ a singular field read of one item named by id is the item's (status of jira issue PAY-9)", "item_fields", True),
    ("+ a search's topic word no name carries is its query (search box for contract pdfs)", "search_terms", True),
    ("+ the caller's own things: the tool whose name says the caller first (list my repos)", "first_person", True),
    ("+ a word a tool's title says covers all its weight (box upload file: Upload file)", "title_words", True),
    ("+ an app whose searches each look for another thing gets this one (asana find a user)", "search_things", True),
    ("+ adding a field no tool adds is the thing's update (add label to jira issue: edit_issue)", "added_fields", True),
    ("+ a request of two actions is ranked on the first (create a task and assign it to me)", "second_actions", True),
    ("+ a status the app moves by transitions is one (the status of jira ticket to Done)", "status_transitions", True),
    ("+ a move the app does by updating its object is an update (move the box file to a folder)", "move_updates", True),
    ("+ deleting a thing from another never deletes the other (delete comment 77 from task 12)", "kept_sources", True),
    (
        "+ what a thing created is for is a value where no name says it (a page for meeting notes)",
        "create_topics",
        True,
    ),
    ("+ an action word after an article opens the head (add a new contact, a purchase order)", "article_heads", True),
    ("+ a word no tool says right after a thing a name carries is its name (notion page abc)", "thing_names", True),
    ("+ a noun opening a request as its verb adds that thing (comment on github issue 12)", "noun_verbs", True),
    ("+ what a thing to create is made with is its fields (create a droplet with ubuntu)", "created_fields", True),
    ("+ removing a thing from another: the tool saying both first (remove task from project)", "taken_out", True),
    ("+ a word in another form than names say it: derived or joined (availability, rerun)", "word_forms", True),
    ("+ a keyword search whose last word is its action, read with it first (contact archival)", "keyword_order", True),
    ("+ the thing a request lists, written singular, read in the names' plural (list payout)", "listed_plural", True),
    ("+ an endpoint as a method and a path, read as its request (POST /v1/customers)", "endpoint_paths", True),
    ("+ an SDK call, CLI or host naming an app, read as words (messages.create, gh, github.com)", "sdk_calls", True),
    ("+ a person's given name is a value wherever it stands (message bob on slack)", "person_names", True),
    ("+ telling someone something is sending them a message (notify bob on slack)", "telling", True),
    (
        "+ an app implied by a request's things, not its action (send a message: not Stripe)",
        "actions_imply_nothing",
        True,
    ),
    ("+ an issue's key written bare reads as that issue (move PROJ-12 to done in jira)", "issue_keys", True),
    (
        "+ a verb of reading with a plural thing lists it where a name lists it (get github issues)",
        "reads_as_lists",
        True,
    ),
    ("+ time logged against a thing adds a worklog where names keep them (log 3 hours on ...)", "logged_time", True),
    ("+ a yes/no question's states filter, as a wh-question's do (are there any unread ...)", "asked_states", True),
    ("+ a thing's name after its kind is a value (the project Website Redesign)", "named_things", True),
    ("+ what a reminder says follows its 'to' (remind me tomorrow to review the PR)", "reminders", True),
    ("+ a query's language names the search, REST and SDK frame as API does (with jql '...')", "api_words", True),
    ("+ an endpoint's segment in a parameter's place is a value (GET /repos/acme/api/pulls/12)", "path_values", True),
    ("+ a list asked for by its fields filters (list github issues with label bug)", "listed_filters", True),
    ("+ a container's word stays where a name says the thing for it (tasks in project 12)", "named_containers", True),
    ("+ an owner/name slug placed by a preposition reads as a repo (issues in acme/api)", "placed_slugs", True),
    (
        "+ a word shortened in a hurry is spelled out where no name carries it (slack msg to #dev)",
        "abbreviations",
        True,
    ),
    (
        "+ arguments written as code read as a with-clause (list issues state=open, create(email='...'))",
        "argument_lists",
        True,
    ),
    ("+ a request naming no action reads: among equals, a reading name first (xero invoices)", "unsaid_reads", True),
    (
        "+ a filter's adjective beside values and a thing's name (a draft invoice for customer Acme)",
        "valued_qualifiers",
        True,
    ),
    ("+ a request counting things lists them where no name counts (count the open issues)", "counted_lists", True),
    ("+ a list an app makes only by searching is searched for (list jira issues)", "searched_lists", True),
    (
        "+ a list asked for by a thing of another kind leaves its word (charges for customer cus_1)",
        "filtering_things",
        True,
    ),
    (
        "+ a request naming no action searches what the app lists only by searching (jira issues)",
        "unsaid_searches",
        True,
    ),
    ("+ a thing's name written before its kind is a topic (the acme github org)", "names_before_kinds", True),
    ("+ among equal scores, an administrators' tool after the others (Slack's admin_*)", "admin_last", True),
    (
        "+ a thing created with a thing of another kind leaves its word (a refund for payment intent pi_1)",
        "valued_kinds",
        True,
    ),
    (
        "+ an adjective framing the thing asked weighs nothing (what transitions are available)",
        "frame_adjectives",
        True,
    ),
    ("+ what a thing is tagged and a rate's period are values (droplets tagged web, per month)", "tagged_values", True),
    ("+ an owner/name slug beside a repository's word or a branch is a repository's", "repo_slugs", True),
    ("+ a name after called or titled goes on in lower case (titled Login broken)", "sentence_titles", True),
    ("+ a place's code before its kind is a value (the fra1 region)", "placed_codes", True),
    ("+ a question asks a field on or for a thing as of it (who is the assignee on ...)", "field_prepositions", True),
    ("+ a head phrase of framing nouns goes on after its preposition (the details for customer)", "framed_heads", True),
    ("+ in a question, the action the asker did is a filter (how many messages did we send)", "asked_actions", True),
    ("+ a request naming no action has filters' adjectives (stripe invoices that are open)", "unsaid_filters", True),
    ("+ a container's word after a placed name places the request (in the Engineering space)", "placing_kinds", True),
    ("+ update and change set a field written after the thing's id (task 44 notes to ...)", "updated_fields", True),
    ("+ a listed plural no name says is searched by its synonym (list jira tickets)", "searched_synonyms", True),
    ("+ a topic opened by a gerund goes on through its object (for reviewing the contract)", "gerund_topics", True),
    (
        "+ what a request sends to a value is its content (post the release notes to #announcements)",
        "sent_things",
        True,
    ),
    ("+ an action a request rules out leaves it (close pull request 45 without merging)", "negated_actions", True),
    ("+ a comparison's word before than is a filter's value (older than 30 days)", "compared_values", True),
    (
        "+ a request told of someone else, or asking for a tool, opens with a frame (the user wants to)",
        "told_frames",
        True,
    ),
    (
        "+ an app named as the means is read as the place (use the stripe api to list customers)",
        "instrument_words",
        True,
    ),
    ("+ a dashed name holding an app's name names no app (the droplet named test-box)", "joined_names", True),
    ("+ a key in capitals a request is placed in is a value (create a bug in OPS)", "placed_keys", True),
    ("+ what follows whom a request tells is the message (tell Bob in Slack the build failed)", "told_text", True),
    ("+ the words opening a turn of a conversation open the frame (ok now delete asana task 12)", "chat_openers", True),
    ("+ no action: all open PRs, the latest stripe invoice are filtered things", "ordered_things", True),
    ("+ a grammar word is no prefix of a name word (all xero invoices is no allocation)", "grammar_prefixes", True),
    ("+ a name marking a state writes (find github notifications is no mark as read)", "marked_states", True),
    ("+ a tool asked for in other words (what tool lets me, tools related to)", "tool_frames", True),
    ("+ a verbless search past its order and quantifier (the latest jira issues)", "ordered_searches", True),
    ("+ a container whose items a name lists (list box files in folder 12345)", "container_items", True),
    ("+ the form an answer is asked in (list github repos as a table)", "output_formats", True),
    ("+ a field after the thing's id (get jira issue ENG-1 description)", "trailing_fields", True),
    ("+ an app a thing comes from or is sent to (create a jira issue from this slack message)", "sent_to_apps", True),
    ("+ a short id after its kind (notion page 9f2)", "short_ids", True),
    ("+ what a request sends is a message (post the release notes to #announcements)", "sent_messages", True),
    ("+ a count of a thing no count name carries is its list (count the open github issues)", "counted_things", True),
    ("+ a verbless request lists its things (github open issues)", "unsaid_lists", True),
    ("+ a request in labelled parts is its task (Context: ... Task: post a reminder)", "labelled_parts", True),
    ("+ the sentence an action opens after statements (We use Jira. Create a bug ...)", "context_sentences", True),
    ("+ an owner or time written as a possessive is a value (today's stripe payouts)", "possessive_values", True),
    ("+ the words a negation rules out leave the request (jira issues not done)", "negated_states", True),
    ("+ a state a yes-no question asks is a value (is jira issue OPS-3 resolved)", "questioned_states", True),
    ("+ a verbless list is headed by its thing (twilio calls)", "listed_heads", True),
    ("+ a thing given by its address (close https://github.com/acme/web/issues/77)", "thing_urls", True),
    ("+ fields listed before their thing (the name, email and phone of intercom contact 55)", "field_lists", True),
    ("+ a participle before its things is a value (any failed stripe payments)", "participle_states", True),
    (
        "+ a request in the passive is read in the active (the stripe charge ch_9 should be refunded)",
        "passive_actions",
        True,
    ),
    ("+ the order a list is asked in (list stripe customers, newest first)", "sort_orders", True),
    ("+ a count written in words is a value (the last five stripe charges)", "spelled_counts", True),
    (
        "+ a reason, purpose or condition leaves the request (post in slack #eng so the team knows)",
        "reason_clauses",
        True,
    ),
    ("+ a superlative asks for the things in its order (the most recent stripe charge)", "superlative_orders", True),
    ("+ a field of a thing named without a verb is the thing read (status of jira issue ENG-5)", "field_nouns", True),
    ("+ a hedge opens the frame (maybe list the stripe customers)", "hedged_requests", True),
    ("+ what a request excepts is ruled out (list slack channels except archived ones)", "excepted_things", True),
    ("+ an action done again is the action (resend xero invoice INV-0042)", "repeated_actions", True),
    ("+ a second action joined by as well as or also leaves the request", "joined_actions", True),
    ("+ a bare name a request places in is a value no tool carries (list github repos in acme)", "placed_names", True),
    ("+ a request listing its steps asks for the first (create a jira issue; assign it to me)", "listed_steps", True),
    (
        "+ a word misspelled by one letter is read as the name word it is near (craete a jira issue)",
        "misspelled_words",
        True,
    ),
    ("+ a phrasal verb is its action (look into jira issue ENG-5)", "phrasal_verbs", True),
    (
        "+ a state wished or made sure of is read in the active (I want jira issue ENG-5 to be closed)",
        "wished_states",
        True,
    ),
    ("+ a question about one thing is its get (who owns box folder 77)", "thing_questions", True),
    ("+ an app labelling a request is its place (GitHub: who reviewed PR 12)", "app_labels", True),
    ("+ what is posted in a channel is sent to it (post an announcement in #releases on Slack)", "posted_in", True),
    (
        "+ an API verb opens a sentence as a request (Customer cus_88 was double charged. Refund charge ch_77)",
        "named_verbs",
        True,
    ),
    (
        "+ a context names the thing a request calls it (Our Asana project 31 is done. Archive it)",
        "context_pronouns",
        True,
    ),
    ("+ a tool called by its name is its words (call jira's create_issue for ENG)", "called_names", True),
)
NOT_SHIPPED: tuple[tuple[str, str, Any], ...] = (
    ("shipped + argument values out of the mass in a request naming no app (not shipped)", "unscoped_values", True),
    ("shipped + inflected name tokens score as exact (not shipped)", "inflected_exact", True),
)
SHIPPED = f"ours + floor: {SHIPPED_CHANGES[-1][0]} (shipped)"


def ablations() -> list[tuple[str, SearchOptions]]:
    options = SEED_RULES_ONLY
    rows = [("seed rules only (before)", options)]
    for label, name, value in SHIPPED_CHANGES:
        options = dataclasses.replace(options, **{name: value})
        rows.append((label, options))
    if rows[-1][1] != SearchOptions():
        raise AssertionError("the last shipped row must be the shipped ranker")
    rows[-1] = (f"{rows[-1][0]} (shipped)", rows[-1][1])
    rows += [(label, dataclasses.replace(SearchOptions(), **{name: value})) for label, name, value in NOT_SHIPPED]
    return rows


ABLATIONS: list[tuple[str, SearchOptions]] = ablations()
