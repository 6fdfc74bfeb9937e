"""The ranker's switches beyond the seeds' fixed rules (``SearchOptions``), and the seeds alone
(``SEED_RULES_ONLY``): the benchmark measures each change against the ranker without it.

The module runs past 400 lines because it is the list of switches in one place: each switch a
field, a line of the docstring saying what it does and where it lives, and its value in the
seeds alone, which the benchmark's table and the snapshot's stored switches both read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from cardamom.core.search.fallback_rule import FIRST_RULE, RULE, FallbackRule


@dataclass(frozen=True, slots=True)
class SearchOptions:
    """Ranking behaviour beyond the seeds' fixed rules. The defaults are what ships; the
    switches exist so the benchmark can measure each change against the ranker without it
    (docs/search.md describes each).

    * ``drop_filler``: English function words leave the query before weighting;
    * ``inflections``: a query token matches the simple inflected forms of a tool's tokens;
    * ``strict_reverse_prefix``: a name token inside a longer query word must be an inflection;
    * ``guessed_name_rules``: a query shaped like a tool name is held to names (a description
      match covers a fifth of its weight; a tool must match the name's rarest token);
    * ``tie_order``: equal scores go to the tool whose own name the query covers most, then the
      shorter name, then codepoint order (``tie_break``);
    * ``inflected_exact`` (measured, not shipped): an inflected form of a name token (``files``
      for ``file``) scores as the exact token (5) rather than as the seeds' prefix (3);
    * ``app_scope``: a query naming one of the org's apps ranks inside that app; naming an app
      the org has not connected, or one with no tool the caller may use, returns nothing;
    * ``argument_values``: inside a named app, words that look like argument values
      (``'Fixed in build 142'``, ``PROJ-123``) leave the query's mass;
    * ``synonyms``: inside a named app, a word also matches the words of its synonym groups
      (``ticket``/``issue``), weighed by the group's document frequency;
    * ``semantic_fallback``: when nothing clears the floor, a long request in words may still
      find a tool its words rank, by meaning (``semantic_fallback``);
    * ``unmatched_grammar``: a grammar word kept only because names may carry it (``is``,
      ``all``) leaves the query where no name of the ranked pool carries it;
    * ``literal_ties``: among equal scores, a name word matched only through a synonym does not
      count as the query covering that name (``list_zoom_rooms`` before ``list_channel_members``
      for "list room");
    * ``description_ties``: among equal scores, the tool whose own description says more of
      the query's mass comes first;
    * ``words_description_half``: in every query in words (not a guessed name), a word matched
      only in a tool's description covers half its IDF (before: only inside a named app);
    * ``fallback_rule``: the semantic fallback's numbers (``fallback_rule.RULE``);
    * ``named_app_fallback``: the semantic fallback also answers a long request inside the one
      app it names by its whole name (``FallbackRule.named_app_min_words``);
    * ``value_markers``: the word announcing a value (``called`` in "a task called Roadmap")
      leaves the query with the value;
    * ``topic_values``: inside a named app, a word of what the request is about ("pages about
      onboarding", "search Box for invoices") that no tool ranked carries is a value;
    * ``vocabulary_compounds``: two query words that a tool name of the index writes as one
      (``work log``, ``worklog``) are read as that word;
    * ``name_evidence``: where a description-only match covers half its weight (a query in
      words of two words or more), a tool the query reaches through its description alone does
      not clear the floor;
    * ``product_names``: a query naming an app the org has not connected, whose name the
      caller's tool names carry ("list kubernetes clusters" and DigitalOcean's
      ``kubernetes_list_clusters``), ranks inside those tools instead of returning nothing;
    * ``unscoped_values`` (measured, not shipped): in a request naming no app, argument values
      read from their shape leave the mass when two words or more remain besides them ("delete
      droplet 12345"), and the tool must carry the rarest of those;
    * ``qualifiers``: inside a named app, an adjective after the request's action that no tool
      name of the app carries, where every other word is a name word of the app ("list *recent*
      calls", "invoices that are *overdue*"), is a value;
    * ``implied_app``: a request naming no app, with a word only one app's tool names carry
      ("delete droplet 12345"), is ranked inside that app; if nothing there clears the floor,
      in the whole pool as before;
    * ``destructive_actions``: a request that does not ask to delete never gets a tool whose
      name deletes, and one that asks to delete never gets a tool whose name writes instead;
    * ``guessed_number``: in a guessed tool name, an inflected form of a name token scores as
      the exact token (the name's grammatical number is a guess), as ``inflected_exact`` does
      for every query;
    * ``read_actions``: a request in words that reads (get, list, search, or a question naming
      no action) never gets a tool whose name only writes;
    * ``first_word_ties``: among equal scores, a request in words prefers the tool whose name
      carries its first word ("*transition* issue": ``do_transition`` before ``create_issue``);
    * ``state_verbs``: inside an app, a request whose first word changes a thing's state
      (close, archive, complete, assign...) where no tool name carrying its object carries
      that verb reads it as "update" ("close a github issue": ``issues_update``);
    * ``named_grammar``: a grammar word ("all" of ``get_all_x``, "show me all customers") that
      no name or label of the ranked pool carries leaves the query, whatever descriptions say;
    * ``search_verbs``: inside an app, a request whose first word looks for a thing (find,
      search...) where no tool name carrying its object says so even through a synonym reads
      it as "get" ("find xero invoices": ``get_invoices``), as ``state_verbs`` does for update;
    * ``value_evidence``: in a request naming no app, whose argument values weigh, a tool that
      only its values reach is no answer ("what's on my calendar today" and Twilio's
      ``list_usage_record_today``);
    * ``frame_nouns``: a noun framing a request to read ("the *details* of", "*info* on") that no
      name or label of the ranked pool carries leaves the query, whatever descriptions say;
    * ``field_phrases``: inside an app, the field a request changes ("set *the priority of*
      jira issue OPS-77 to High") is a value of the thing's update, not a word of the tool,
      where no name of the app carries the field with the thing (``field_phrases``);
    * ``head_nouns``: the tool doing a request's action to its head noun ("box create *folder*":
      ``post_folders``) comes before the tools whose names carry the noun but act on another
      thing (``post_folder_locks``), whatever their score (``head_order``);
    * ``role_values``: inside an app, the role or kind a request gives with "as" at its end
      ("link ABC-1 to ABC-2 as *blocks*") is a value where no name of the app carries it;
    * ``name_verbs``: a request's first word that is no action of the synonym groups but opens
      a tool name ("*link* jira issue": ``link_issues``) is its action, so it never gets a tool
      that deletes unless it says so (``destructive_actions``);
    * ``app_tails``: "workspace", "account" or "instance" right after the app's name ("the
      Notion *workspace*") names where, not what, where no name of the app carries it;
    * ``guessed_verbs``: inside an app, a guessed name's first word, an action no tool of the
      app says anywhere even through a synonym ("*get*_knowledge_graph_extract_graph_data"),
      leaves it;
    * ``title_order``: the tool whose title (the short first sentence of its description) the
      request says word for word, and no more, comes first ("box download file": "Download
      file", ``get_files_id_content``), whatever its score (``title_order``);
    * ``number_ties``: among equal scores, a name a request's word reaches through a synonym in
      the word's grammatical number comes before one in the other ("notion fetch all members":
      ``get_users`` before ``get_user``);
    * ``head_all``: a name's "all" (``get_all_issue_field_options``) counts for a request only
      where the name also carries the request's head noun, the thing its "all" quantifies ("get
      all comments on jira issue": ``get_comments``); a request whose "all" no such name
      carries reads it as grammar (``named_grammar``);
    * ``possessive_fields``: a field written as a possessive after a verb reads as written with
      "of" ("update the asana task's name": "update name of the asana task"), for
      ``field_phrases`` (``field_phrases.possessive_as_of``);
    * ``field_thing_head``: where the field a request changes left the mass, the request's head
      is the thing, not the field ("change the summary of the jira ticket": ``edit_issue``,
      not ``get_change_logs``);
    * ``unsaid_head``: where no name that cleared the floor says the request's head noun as
      written, the tools acting on another thing whose text never says it give way to the tool
      doing the request's verb to it through a synonym ("leave a note on the jira issue":
      ``add_comment``) or, where no name says it even so, to the one whose description says it
      ("add a comment to asana task": ``create_story_for_task``, "comment stories");
    * ``set_values``: what a field phrase sets the field to ("change the priority of jira issue
      ENG-11 *to high*") is an argument value where no name of the app carries it;
    * ``item_fields``: a one-word singular field read of one thing named by its id ("what is the
      status of jira issue PAY-9") is the thing's, even where names carry the word (Jira's
      ``get_status`` reads workflow statuses): the request gets the thing (``get_issue``);
    * ``search_terms``: in a request opening with a search verb, a topic word no tool name of
      the app carries is the search's query, whatever descriptions say ("search box for
      contract *pdfs*");
    * ``first_person``: a request for the caller's own things ("list *my* repos", "who am I",
      "issues assigned *to me*") gets the tool whose name says the caller first
      (``repos_list_for_authenticated_user``, ``get_current_user``, ``get_self``), among those
      that cleared the floor (``first_person``);
    * ``title_words``: inside a named app, in a request in words, a word a tool's title says (the
      short first sentence of its description: Box's ``post_files_content`` is "Upload file")
      covers all its weight, as a name word does, where a description's word covers half; it
      still scores as a description word (seeds), and the tool's name or label must still carry
      a word of the request (``name_evidence``);
    * ``search_things``: for ``search_verbs``, an app whose searching names each search a thing of
      their own, none the request's object, does not search for it ("asana find a user by email":
      ``get_user``, not ``search_tasks_for_workspace``);
    * ``added_fields``: a request opening "add <field> [value] to <thing>" where some name of the
      app carries the field and none adds it ("add label regression to jira issue QA-8": Jira
      lists labels, no tool adds one) adds it by the thing's update (``edit_issue``), as
      ``field_phrases`` reads "set the labels of";
    * ``second_actions``: a request of two actions joined by "and" ("create an asana task called
      'Review PR' *and assign it to me*") is ranked on the first: the second's words leave the
      query (``request_clauses``);
    * ``status_transitions``: a field phrase changing a thing's status ("change the status of jira
      ticket WEB-42 to Done") where the app moves that thing by transitions is a transition
      (``do_transition``), as ``state_verbs`` reads "move ... to Done";
    * ``move_updates``: "move" where the app moves its object by updating it, no name carrying the
      object saying a move or the place it goes ("move the box file to another folder":
      ``put_files_id``, whose description says it moves a file), reads as "update";
    * ``kept_sources``: a request to delete a thing from another ("delete comment 77 from asana
      task 12") never gets a tool deleting the other that never says the thing (``delete_task``);
    * ``create_topics``: in a request to create, a word of what the thing is for ("a notion page
      for the *meeting notes*") is a value where no name carries it as written or inflected,
      whatever synonyms reach (Notion's ``create_a_comment`` for "notes");
    * ``article_heads``: an action word after an article opens a request's head phrase as a
      noun or an adjective ("add *a new* contact", "create *a purchase* order"), where it had
      ended the phrase before its object (``head_nouns``);
    * ``thing_names``: inside a named app, a word right after a thing some name carries that no
      tool of the app says anywhere ("archive notion page *abc*", "the slack channel
      *ops*") is that thing's name or id, a value;
    * ``noun_verbs``: inside a named app, a request opening with a noun as its verb ("*comment* on
      github issue 12", "*fork* the repository") gets first the tool adding that thing
      (``issues_create_comment``), not one reading or deleting it (``noun_verbs``);
    * ``created_fields``: inside a named app, in a request to create a thing some tool of the app
      creates, the words after "with" ("create a droplet *with ubuntu*", "a task *with a due
      date*") are its fields and values, whatever names carry them;
    * ``taken_out``: a request to delete or remove a thing from another ("remove asana task 19
      from project Alpha") gets first the tool whose name removes and says both
      (``remove_project_for_task``), before one deleting the thing (``delete_task``);
    * ``word_forms``: inside a named app, in words (not a guessed name, whose words are a name's),
      a word no tool name there carries reads as the word it is made from where a name carries
      that ("cal.com *availability*": ``get_available_slots``), or, where no tool says it at
      all, as two name words written as one ("*rerun*": ``re_run``) (``word_forms``);
    * ``keyword_order``: a keyword search whose last word is its action ("xero contact
      *archival*", "cal.com booking *cancel*") is read with that word first, as the request it
      stands for (``keyword_order``);
    * ``listed_plural``: inside a named app, the thing a request lists, written in the singular
      ("list stripe *payout*"), reads as the plural the names say (``get_payouts``, not
      ``get_payouts_payout``) (``word_forms.listed_plural``);
    * ``endpoint_paths``: an endpoint written as a method and a path ("POST /v1/customers",
      "GET /projects/{id}/tasks") reads as the request it stands for ("post customers", "list
      tasks in project"), its version, parameters and extension left out (``endpoint_paths``);
    * ``sdk_calls``: a call written as an SDK names it ("twilio messages.create",
      "accountingApi.getContacts") reads with a one-word method first and its client left out,
      and a command's flags as fields given "with" (``call_forms``); an app's command-line tool
      or SDK ("gh", "octokit", "doctl") names the app (``app_scope``), and so does its host
      ("github.com", "api.stripe.com") (``host_names``);
    * ``person_names``: a person's given name ("message *bob* on slack", "add *jane* as an
      editor") is an argument value wherever it stands, unless a tool's name says it
      (``person_names``);
    * ``telling``: a request telling a person or a channel something ("*notify* bob on slack",
      "*let* the team *know* that ...") reads as the message it sends ("send a message to bob
      on slack") (``telling``);
    * ``actions_imply_nothing``: a request naming no app is ranked in the one app its words
      imply by its things' words, not its actions' ("send a message to the team": "send" is
      in Stripe's names alone, no Stripe request) (``implied_app``);
    * ``issue_keys``: inside a named app whose tool names say "issue", an issue's key written
      bare ("move *PROJ-12* to done in jira") reads as "issue PROJ-12" (``issue_keys``);
    * ``reads_as_lists``: inside a named app, a verb of reading with a plural thing ("get
      github *issues*") lists it, where a name of the app lists that thing and no name reading
      it by that verb carries the plural (``word_forms.read_as_listing``);
    * ``logged_time``: time logged against a thing ("log 3 hours on jira issue OPS-12", "log
      work on ...") adds a worklog, where some tool's name says "worklog" (``written_forms``);
    * ``asked_states``: a yes/no question ("*are there any* unread intercom conversations?")
      reads its states as filters as a wh-question does, its adjectives no verbs ("are there
      *open* pull requests"), and so does a request opening with the app's own word for its
      action ("*pin* the last message"); running, due, recurring and currency words are filters
      too; "I'd like to know which ..." asks the question after it (``filter_words``,
      ``query``, ``request_frame``);
    * ``named_things``: a thing's name after its kind ("the project *Website Redesign*", "the
      channel *old-project*") is a topic, a value where no tool of the app says it; a prefixed
      id in capitals ("prod_ABC") and an :emoji: are argument values (``argument_values``);
    * ``reminders``: what a reminder says follows its "to" ("remind me tomorrow *to review
      the PR*"), an argument value (``argument_values``);
    * ``api_words``: a query's language ("with *jql* '...'") names the kind of search, not a
      field; "REST" and "SDK" are words for a tool, as "API" is (``argument_values``,
      ``coverage``);
    * ``path_values``: in an endpoint, a segment written in a parameter's place ("/repos/*acme*
      /*api*/pulls/*12*/files") is a value (``endpoint_paths``);
    * ``listed_filters``: a list asked for by its fields ("list github issues *with label
      bug*", "*sorted by* name") filters as a thing created is made, and a value's words end no
      with-clause (``thing_values``, ``argument_values``);
    * ``named_containers``: the container's word placing a request ("in *project* 12") stays
      where a name of the app says the thing for that container (``get_tasks_for_project``)
      (``scope``);
    * ``placed_slugs``: an owner/name slug placed by a preposition ("issues in *acme/api*")
      reads as a repository, where some tool's name says "repo" (``written_forms``);
    * ``abbreviations``: a word shortened in a hurry ("slack *msg* to #dev", "box *dl* file",
      "*w/*") is spelled out, where no tool's name carries it (``abbreviations.ABBREVIATIONS``);
    * ``argument_lists``: arguments written as code ("state=open labels=bug", a JSON object, a
      call's "(email='jo@example.com')", an endpoint's "?state=open") read as a with-clause,
      each key a field and its value a value (``argument_lists``);
    * ``unsaid_reads``: a request naming no action ("xero invoices") reads: among equal scores,
      a tool whose name reads first (``unsaid_actions``);
    * ``valued_qualifiers``: a filter's adjective is read beside the values read before it and
      a thing's name ("a *draft* invoice for customer Acme") (``filter_words``);
    * ``counted_lists``: a request counting things ("*count* the open issues", "the *number* of
      invoices") lists them, where no name of the app says the count (``counting_words``);
    * ``searched_lists``: a request listing things an app lists only by searching searches
      ("list jira issues": ``search_for_issues_using_jql``) (``counting_words``);
    * ``filtering_things``: a list asked for by a thing of another kind ("charges *for customer*
      cus_123") leaves the kind's word with its value, where the app names the list and no name
      the list for that kind; a place's code after its kind ("region nyc3") is a value
      (``filtering_things``);
    * ``unsaid_searches``: so does a request naming no action, opening with those things ("jira
      issues assigned to me") (``counting_words``);
    * ``names_before_kinds``: a thing's name written before its kind ("the *acme* github org",
      "the *Q1 Launch* project") is a topic, as one after it is (``kind_names``);
    * ``admin_last``: among equal scores, a tool of the app's administrators' API (Slack's
      ``admin_*``) comes after the others, unless the request says "admin" (``admin_tools``);
    * ``valued_kinds``: so does one thing acted on with a thing of another kind ("create a refund
      *for payment intent* pi_123") (``filtering_things``);
    * ``frame_adjectives``: an adjective a copula puts after what a request asks for ("what
      transitions are *available*") weighs nothing where no name carrying that thing says it
      (``frame_adjectives``);
    * ``tagged_values``: what a thing is tagged ("droplets *tagged* web"), a rate's period
      ("$29 *per month*"), a number a thing was sent to ("*sent* to +15551112222") and a format
      written with digits ("as *mp3*") are values (``argument_values``);
    * ``repo_slugs``: an owner/name slug before a repository's word ("the *acme/api* github
      repo") is a value, and one placed beside a branch is a repository (``written_forms``);
    * ``sentence_titles``: a name after "called" or "titled" goes on through words in lower
      case ("titled Login *broken* with label bug") (``argument_values``);
    * ``placed_codes``: a place's code before its kind ("the *fra1* region") is a value
      (``argument_values``);
    * ``field_prepositions``: a question asks a thing's field "on" or "for" it as "of" it ("who
      is the assignee *on* jira ticket OPS-3") (``field_phrases``);
    * ``framed_heads``: a request's head phrase of framing nouns only goes on after its
      preposition ("get the details *for stripe customer* cus_9": a customer) (``head_nouns``);
    * ``asked_actions``: in a question, the action the asker did ("how many messages *did we
      send* today") says which things, a filter's value (``argument_values``);
    * ``unsaid_filters``: a request naming no action, opening with the things it lists, has
      filters' adjectives as one listing them does ("stripe invoices that are *open*")
      (``filter_words``);
    * ``placing_kinds``: a container's word after a name a preposition places ("in the
      Engineering *space*") places the request where no name of the app it names says it, as
      ``app_tails`` does (``argument_values``, ``scope``);
    * ``updated_fields``: "update" and "change" set a thing's field written after its id as "set"
      does ("update the asana task 44 *notes* to ...") (``field_phrases``);
    * ``searched_synonyms``: a listed plural no name of the app says reads as its synonym's
      plural the names say, for the search rule ("list jira *tickets*") (``counting_words``);
    * ``gerund_topics``: a topic opened by a gerund goes on through its object ("a task for
      *reviewing the contract*") (``argument_values``);
    * ``sent_things``: what a request sends to a value ("post *the release notes* to
      #announcements") is its content where no name says the word (``query``, ``scope``);
    * ``negated_actions``: an action a request rules out ("close pull request 45 *without
      merging*") leaves it (``query``);
    * ``compared_values``: a comparison's word before "than" ("*older* than 30 days") is a
      filter's value (``argument_values``);
    * ``told_frames``: a request told of someone else ("the user wants to", "user is asking to")
      or asking for a tool without saying who asks ("tool for creating", "a function that
      deletes") opens with its frame (``request_frame``);
    * ``instrument_words``: an app a request names as its means ("*use the Stripe API to* list
      customers", "list customers *using the Stripe API*") is read as its place, the means'
      words out (``instrument_words``);
    * ``joined_names``: a word joined by dashes that holds an app's name as a part names no app
      ("the droplet named *test-box*") (``app_scope``, ``query``);
    * ``placed_keys``: a key in capitals where a request places itself ("create a bug *in OPS*")
      is a value (``value_words``);
    * ``told_text``: what follows whom a request tells, and the app it is told in, is the
      message ("tell Bob in Slack *the build failed*") (``telling``);
    * ``chat_openers``: the words opening a turn of a conversation ("ok *now* delete ...",
      "*next,* create ...", "*one more:* how many ...") open the request's frame
      (``request_frame``);
    * ``ordered_things``: a request naming no action lists the things after a quantifier ("*all*
      open GitHub PRs") and reads one first or last in an order ("the *latest* stripe invoice"),
      its adjectives a filter's values (``filter_words``);
    * ``grammar_prefixes``: a grammar word a name may carry ("all", "can", "over") matches a
      name word as itself or its inflection, never as its prefix ("all" is no part of
      "allocations") (``index``);
    * ``marked_states``: a name marking a state writes, and the state after its "as" is no
      action of it: a read never gets ``mark_notifications_as_read`` (``destructive_actions``);
    * ``tool_frames``: a tool asked for in other words ("*what tool lets me* upload", "*tools
      related to* xero contacts", "*capability:*") opens the request's frame, and an app's tool
      ("the *twilio* tool for sending sms") opens it with the app's name (``request_frame``);
    * ``ordered_searches``: a request naming no action whose things an app lists only by
      searching reads them as searched past the words before them ("*the latest* jira issues",
      "*all open* jira issues") (``counting_words``);
    * ``container_items``: the word of a container placing a request stays where a name of the
      app lists its contents ("list box files *in folder* 12345": ``get_folders_id_items``)
      (``container_words``);
    * ``output_formats``: the form a request asks its answer in ("list github repos *as a
      table*", "*in JSON*") leaves the mass where no name of the app carries its words
      (``output_formats``);
    * ``trailing_fields``: a field after the thing's id, at the request's end, is read as "the
      field of" the thing ("get jira issue ENG-1 *description*", "asana task 123 *due date*")
      (``field_phrases``);
    * ``sent_to_apps``: in a request naming two connected apps, the one a thing comes from
      ("create a jira issue *from this slack message*") or the one sent ("post the latest
      *stripe* revenue *to slack*") names what it acts on: its words are values, the other app
      its place (``app_roles``);
    * ``short_ids``: a short id of letters and digits mixed after the kind of thing it names
      ("notion page *9f2*", "asana task *12a*") is a value (``value_shapes``);
    * ``sent_messages``: a request sending words no name says sends a message, where a name of
      the app says "message" ("post *the release notes* to #announcements":
      ``chat_post_message`` before ``chat_post_ephemeral``) (``sent_messages``);
    * ``counted_things``: a name counting another thing leaves a count of this one to its list
      ("count the open github issues" is no ``activity_get_stargazer_count_for_repo``)
      (``counting_words``);
    * ``unsaid_lists``: a request naming no action lists its things where a name of the app says
      "list" with them ("github open issues": ``issues_list``, not ``issues_get``)
      (``counting_words``);
    * ``labelled_parts``: a request written in labelled parts is its task's part ("Context: ...
      slack. *Task:* post a reminder in #oncall", "Goal:", "Step 1:"), with the apps its other
      parts name; so is the part after a context's "so" where an action opens it
      (``request_parts``);
    * ``context_sentences``: the sentence an action opens after one to three sentences that
      state ("Our GitHub repo is acme/api. *List its open pull requests.*") is the request, with
      the apps the others name (``request_parts``);
    * ``possessive_values``: a word written as a possessive before a thing ("*acme's* stripe
      subscriptions", "*today's* stripe payouts") is a value where no name of the app carries it
      (``owner_words``);
    * ``negated_states``: the words a negation rules out of the things ("jira issues *not
      done*", "github PRs *not yet reviewed*", "asana tasks with *no assignee*") are values,
      even where a name carries them, beside another word a name of the app carries
      (``negated_words``);
    * ``questioned_states``: a state a yes-no question asks of a thing ("is jira issue OPS-3
      *resolved*?") is its value where only a synonym reaches a name (``filter_words``);
    * ``listed_heads``: a request naming no action that lists its things ("twilio calls") has
      "list" and the thing as its head, as "list twilio calls" has (``head_order``);
    * ``thing_urls``: a thing given by its address ("close
      https://github.com/acme/web/issues/77") is read as the app its host names, the thing its
      path names and its id ("close github issue 77 in acme/web", ``thing_urls``);
    * ``field_lists``: fields listed before the thing are read as its field ("get the *name,
      email and phone* of intercom contact 55", ``field_phrases``);
    * ``participle_states``: a participle right before the things a verbless request lists ("any
      *failed* stripe payments") is a filter's value where no name says it as written
      (``filter_words``);
    * ``passive_actions``: a request written in the passive ("the stripe charge ch_9 *should be
      refunded*") or as a need ("jira issue ENG-5 *needs a comment*") is read in the active
      (``passive_voice``);
    * ``sort_orders``: the order a list is asked in ("*newest first*", "*sorted by due date*",
      "*in descending order*") leaves a request naming a connected app (``output_formats``);
    * ``spelled_counts``: a count written in words before things in the plural ("the last *five*
      stripe charges") is a value, as "5" is (``value_words``);
    * ``reason_clauses``: a clause saying why or when a request is made ("refund stripe charge
      ch_3 *because the customer complained*", "*To notify the team,* send a slack message to
      #ops") leaves a request naming a connected app (``reason_clauses``);
    * ``superlative_orders``: a superlative before the things ("the *most recent* stripe
      charge", "the *largest* stripe invoice") asks for them listed in its order: it leaves the
      request, the thing read in the plural, where no name of the app says it with the thing
      (``latest_release``; ``output_formats``);
    * ``field_nouns``: a request naming no action that names a field of a thing ("the *status
      of* jira issue ENG-5") reads the thing, and a field read before "of" is no object ("get
      the owner *of* box file 9931", ``field_phrases``);
    * ``hedged_requests``: a hedge before what is asked ("*maybe* list the stripe customers",
      "*I think* I need to create a jira issue", "*probably best to* archive ...") opens the
      frame (``request_frame``);
    * ``excepted_things``: the things a request excepts ("slack channels *except archived*
      ones", "github repos *excluding forks*") are ruled out as a negation's are, and an action
      done "instead of" another rules that one out ("archive ... *instead of deleting* it",
      ``negated_words``);
    * ``repeated_actions``: an action done again ("*resend* xero invoice INV-0042",
      "*redeploy*") is the action where no name says it with its prefix (``repeated_actions``);
    * ``joined_actions``: a second action joined by "and also", "as well as" or "plus" ("upload
      report.pdf to box folder 77 *as well as share* it") leaves the request as one joined by
      "and" does (``request_clauses``);
    * ``placed_names``: a bare name after "in" or "from" ending the request or a phrase of it
      ("list github repos *in acme*") is a topic, a value where no tool ranked carries it
      (``placed_names``);
    * ``listed_steps``: a request listing its steps, numbered ("1) get jira issue ENG-5 2) post
      its summary ...") or as two to four sentences or clauses an action each opens ("create a
      jira issue; assign it to me"), asks for its first (``request_parts``);
    * ``misspelled_words``: a word no tool says one edit from an action word or a name word of
      the connected app a request names ("*craete* a jira issue", "refund stripe *chrage* ch_1")
      is read as that word (``misspelled_words``);
    * ``phrasal_verbs``: a phrasal verb is read as its action ("*spin down* the droplet", "*look
      into* jira issue ENG-5", "*sign off on* PR 12", ``phrasal_verbs``).
    * ``wished_states``: a state wished or made sure of ("I want jira issue ENG-5 *to be
      closed*", "*make sure* droplet 5512 *is powered off*") is read in the active, as the
      passive is (``passive_voice``);
    * ``thing_questions``: a wh-question about one thing named by its id ("who *owns* box folder
      77", "when was jira issue ENG-5 *created*") is the thing's get where no name carries its
      words with the thing (``thing_questions``);
    * ``app_labels``: an app's name labelling a request ("*GitHub:* who reviewed PR 12", "*Xero
      ->* list contacts") is the place it asks in, after it, and a part's label may end with an
      arrow or a dash ("*Task ->* list ...", ``framed_request``, ``request_parts``);
    * ``posted_in``: what a request sends "in" or "on" a value ("post *an announcement* in
      #releases") is sent as to it (``app_roles``);
    * ``named_verbs``: a verb an API's operations do that no synonym group holds ("*Refund*
      charge ch_77", "*Archive* it") opens a sentence as a request as an action word does
      (``api_verbs``);
    * ``context_pronouns``: the "it" of a request after its context is the one thing the context
      names by its id ("Our Asana project 31 is done. Archive *it*", ``thing_questions``);
    * ``called_names``: a tool a request calls by its name ('use "create_issue" in jira', "call
      jira's create_issue for ENG") is read as the name's words (``called_tools``);
    * ``implied_frames``: a request naming no app that finds nothing, in the one app its words
      imply, is read as placed there ("delete droplet 5512 *now*": "... in DigitalOcean"), so
      its frame, reasons and questions are read as inside a named app (``rank``);
    * ``asked_things``: a yes/no question about one thing named by its id ("*did* stripe charge
      ch_1 succeed", "*is* droplet 5512 running") is its get, as a wh-question is; the state it
      was brought to ("who *merged* PR 12") is a field; a past verb whose things the app lists
      on the thing is those things listed ("who *commented* on github issue 7": its comments); a
      place ("in acme/api") is no thing (``thing_questions``);
    * ``placed_things``: an owner/name slug placing a thing named by its number ("github issue 7
      *in acme/api*") reads no repository in: that thing's own tools take it
      (``written_forms``);
    * ``general_searches``: things listed that no name of the app says, where a tool named for
      searching alone describes finding them, are searched for ("list notion pages": Notion's
      ``post_search``, which "searches all ... pages") (``counting_words``);
    * ``said_questions``: a question asking what someone said, posted or wrote ("*what did ana
      post* in slack #general") asks for the messages they posted (``thing_questions``);
    * ``app_own_words``: a word no member's name of the app says, whose synonym opens five of
      them or more, is read as the app's own word ("list slack *channels*": Slack's
      ``conversations_list``, not its administrators' ``admin_usergroups_list_channels``)
      (``app_words``);
    * ``info_names``: a verb reading one thing reads its info, where a name of the app says the
      thing and "info" alone and none says the verb before it ("get slack user bob": Slack's
      ``users_info``) (``word_forms``);
    * ``stated_commas``: a statement ending at a comma, then a request on "it" ("The droplet
      5512 is no longer needed, *delete it*"), is a context and its request, as two sentences
      are (``request_parts``);
    * ``contents_questions``: a question asking what the one thing it names by its id holds
      ("*what's in* box folder 77", "the contents of ...") lists what a name of the app says
      that thing holds (Box's ``get_folders_id_items``) (``thing_questions``);
    * ``prefixed_ids``: an id whose prefix starts the word of a kind the app's names give a
      parameter ("*ch*_3Nx": ``get_charges_charge``; "*pi*_1": payment intents) is written after
      that kind, a synonym before it read as the kind ("refund stripe payment ch_1": "refund
      stripe charge ch_1") (``prefixed_ids``);
    * ``ending_deletes``: a verb ending a thing ("cancel", "terminate", "revoke") that no name
      does to it gets the thing's delete first ("cancel stripe subscription sub_1":
      ``delete_subscriptions_subscription_exposed_id``, not a schedule's cancel)
      (``head_order``);
    * ``repo_refs``: GitHub's reference "owner/repo#N" is the issue, or the pull request a verb
      of them says ("merge acme/api#45"), N in owner/repo, on GitHub where the org has it
      (``written_forms``);
    * ``exported_lists``: things exported ("export all xero contacts to csv") are listed, where no
      name of the app exports or downloads anything (``counting_words``);
    * ``verbal_nouns``: an action written as a noun or a gerund is read as its verb, first
      ("jira issue *creation* for the login bug": "create jira issue ..."; "*pinning* a message
      in slack #general": "pin ..."; "twilio sms *sending* to ...": "send twilio sms to ..."),
      where no verb precedes it and no name writes the gerund (``verbal_nouns``);
    * ``undoing_verbs``: a request undoing an action no name says ("*unpin* the message in slack
      #general", "*stop watching* jira issue ENG-5") is read as removing the thing the verb
      adds, as the names write it ("remove pins from ...": ``pins_remove``; "remove watcher from
      ...") (``undoing_verbs``);
    * ``app_objects``: a noun opening a request as its verb opens an object where the app's name
      follows it ("*follow* asana task 12": ``add_followers_for_task``, as "follow the asana
      task 12" found) (``request_clauses.verb_opening``);
    * ``person_moves``: a person added to a place or taken out of it ("add bob to slack #eng",
      "remove bob from asana project 31") is read in the verb the app's names write for it
      ("invite", "kick") or as the place's members (``person_moves``);
    * ``monologue_frames``: a model's own reasoning around its request reads away ("searching
      for:", "find tool:", "to answer the user I need ...", "let me find the GitHub tool for
      starring ...", "the assistant must reply ...", "... Looking for a pin tool."), an app's
      name in it kept, and the user asking to be moved is the caller moved ("the user wants to
      be removed from ...": "remove me from ...") (``monologue``);
    * ``outcome_requests``: a request written as the outcome it wants: a thing made into a state
      ("make github repo acme/api private") read as the thing updated to it, a person asked to
      review something ("ask bob to review PR 12") as the reviewer requested
      (``outcome_requests``);
    * ``lowercase_names``: a thing's name in plain lower-case words after its kind, which
      follows a place's word ("github repos in org acme", "slack channels in workspace acme"),
      is a topic, as a capitalised one is (``value_words.plain_name_after_kind``);
    * ``separated_particles``: a phrasal verb with its object between the verb and its particle
      ("look bob up in intercom", "back droplet 5512 up") read with the particle beside its verb
      (``separated_particles``);
    * ``person_lookups``: a person looked up in an app by name alone ("find bob in intercom",
      "get bob's phone number from intercom") read as one of the app's people, in the word its
      names give them (``person_lookups``);
    * ``quantity_values``: a quantity written with its unit is a value: an ordinal ("the
      *1st*"), a number and its unit joined ("a *45-minute* call"), an amount per period
      ("*$99/month*"), a binary size or a short period after a number ("100 *GiB*", "3
      *mos*"), a time of day after a day ("tomorrow *morning*", "every *night*")
      (``quantities``);
    * ``dated_names``: among equal scores, the share of a tool's own name the query covers
      leaves out a version's date in the name (Cal.com's
      ``event_types_controller_2024_06_14_create_event_type``), no word of what it does
      (``postings.own_name_size``);
    * ``checked_states``: a state to be checked asked as its question ("*verify that* xero
      invoice INV-9 *has been paid*": "has xero invoice INV-9 been paid"; "*make sure* droplet
      5512 *is* running") (``checked_states``);
    * ``scheduled_sends``: a message sent at a time to come is scheduled where a name of the app
      schedules messages ("post in slack #eng *at 9am on monday*: ..." is Slack's
      ``chat_schedule_message``) (``timed_requests``);
    * ``rescheduled_things``: a thing put off or moved to a time is rescheduled where a name of
      the app says so, updated otherwise ("*move* cal.com booking 42 *to friday*", "*postpone*
      asana task 12 by a week") (``timed_requests``);
    * ``review_verdicts``: changes approved or rejected are reviewed where the app's names
      review and none says the verdict with them ("*approve* PR 12 in github acme/api",
      "*request changes on* PR 12": GitHub's ``pulls_create_review``) (``outcome_requests``);
    * ``started_workflows``: a workflow started by hand is its dispatch where a name of the app
      dispatches workflows and none starts one in the request's verb ("*trigger* the deploy
      *workflow* in github acme/api": ``actions_create_workflow_dispatch``, the name quoted)
      (``started_workflows``);
    * ``booked_meetings``: a meeting booked or scheduled is a booking made where a name of the
      app says bookings ("*book a call* with bob on cal.com", "*schedule a meeting* with ana":
      Cal.com's ``create_booking``, not its schedules or phone calls) (``timed_requests``);
    * ``placed_titles``: a title says a request whose container placed with its value is no word
      of it ("upload a file *in box folder 77*" says Box's "Upload file") (``title_order``);
    * ``object_slugs``: an owner/name slug the request's verb acts on is a repository, as one
      placed by a preposition is ("*star* acme/web on github": "star repo acme/web", not
      ``gists_star``) (``written_forms``);
    * ``object_files``: a file's name the request's verb acts on is a file, in an org whose
      names say files ("*upload* report.pdf to box folder 4": "upload the file report.pdf ...",
      Box's "Upload file") (``written_forms``);
    * ``described_verbs``: a verb no name says, read as another, is done first by the tool
      acting on the request's thing whose description says the verb as written ("*close*
      intercom conversation 88": ``manage_conversation``, "Close a conversation")
      (``described_verbs``);
    * ``converted_things``: a thing turned or made into another is converted where a name of the
      app converts ("*turn* intercom conversation 88 *into* a ticket":
      ``convert_conversation_to_ticket``) (``outcome_requests``);
    * ``grouped_names``: among the tools doing the request's verb to its head, one whose name's
      group (the words before its verb) is the head comes before those grouped under another
      thing ("list github repos in org acme": ``repos_list_for_org`` before
      ``teams_list_repos_in_org``) (``head_order``);
    * ``modifier_literals``: a thing a name says only of another thing (Twilio's
      ``create_sms_command``, a command) is said by a title through its synonym still ("send an
      sms": "Send a message") (``title_order``);
    * ``said_fillers``: a suggestion's opening ("*let's* close the stale PRs", "*let us* list the
      repos") and a pointer to what follows ("post *the following* update in #releases: ...") leave
      the request (``said_fillers``);
    * ``owned_clauses``: a clause saying the caller holds the things ("the phone numbers *I own*",
      "the repos *we have*") reads as "mine", never as an owner's word a name may carry
      (``said_fillers.owned_as_mine``);
    * ``posted_updates``: a verb that is a message's kind too, after an article, is a thing sent
      ("post *an update* in #releases", "send *a reply* to ..."), its content where a name of the
      app carries the verb (``app_roles.sent_words``);
    * ``numbered_ids``: a number after a word of a thing is its id ("kill droplet *99*"): where the
      values weigh, it matches no name's number (DigitalOcean's
      ``monitoring_get_lb_droplets_http_response_time_99_p``) (``numbered_ids``);
    * ``opened_things``: a state's word opening a request before an article is its verb ("*open a*
      pull request in acme/web": made, not listed open) (``synonyms.leading_verb``);
    * ``paired_values``: a word after a pair's end whose start, after "from", is a value is a value
      too ("open a PR from feature/login into *main*") (``value_shapes.ends_pair``);
    * ``noun_names``: a thing read where no name of the app reads it is read by a name saying the
      thing alone, no action ("list members of slack channel C024": Slack's
      ``conversations_members``) (``head_order.head_first``);
    * ``labelled_numbers``: inside a named app, a word right before a number that no name of the
      app carries, set apart from the thing acted on by a preposition or a participle, is the
      number's label, a part of the value ("create a digitalocean firewall allowing *port* 443",
      "a jira bug for the crash in *build* 142") (``labelled_numbers``);
    * ``bare_verbs``: where no name searches for the request's thing, a name saying its search
      alone does ("find box files named contract": Box's ``get_search``), before the tools not
      searching (``head_order.head_first``);
    * ``sent_places``: a text sent to a place named with its kind is a message still ("send 'standup
      in 10' to the #eng slack *channel*": Slack's ``chat_post_message``, not the ephemeral one
      first among ties) (``sent_messages.sends_text``);
    * ``guessed_qualifiers``: a guessed name naming its app says the state of the things it lists
      too, as a request in words does ("xero_list_*overdue*_invoices": Xero's ``get_invoices``)
      (``filter_words.qualifiers``);
    * ``lone_frames``: inside a named app, a noun framing a read that names carry, none of which
      carry the thing read ("the *details* of droplet 3342": DigitalOcean's GenAI job
      ``..._details_...`` says no droplet), frames it as well (``coverage``);
    * ``plural_heads``: a plural head is done by the name saying it plural, where names say it
      either way ("asana_get_projects": ``get_projects``, not ``get_project``) (``head_order``);
    * ``opened_reads``: "open" before a thing named ("open *the* jira issue", "open jira issue
      *OPS-1*") reads it, as it opens something there already (``request_verbs``);
    * ``plural_titles``: a request doing a thing to things in the plural says a title doing it to
      one ("upload files to box": "Upload file"), but for a read, which lists them
      (``title_order``).
    * ``elsewhere_heads``: a tool doing the request's verb to its head noun goes before one whose
      name acts on a thing of its own ("find jira issue": ``search_for_issues_using_jql``, before
      ``find_assignable_users``) (``head_order``);
    * ``listed_phrases``: a list asked for as a thing ("give me *a list of* all open jira bugs")
      lists them, as "list all open jira bugs" says (``written_forms``);
    * ``unasked_endings``: a request naming no action at all gets a tool that deletes, cancels or
      stops after the rest among equal scores ("stripe customer cus_123":
      ``get_customers_customer``, not ``delete_customers_customer``, first by its name)
      (``unasked_tools``);
    * ``attached_files``: the words between an attaching verb and the place a file goes describe the
      file ("upload *the signed contract* to box folder 12", "attach *a screenshot* to jira issue
      OPS-3"): its content, a value where no name of the app carries the word as written
      (``attached_files``);
    * ``listed_criteria``: a kind ending a list request after "by" or "for" filters the list, no
      value written ("digitalocean list droplets *by region*": ``droplets_list``, not
      ``regions_list``; "twilio calls *by status*", "stripe charges *for customer*")
      (``filtering_things``);
    * ``articled_kinds``: a thing named in plain words after its kind, an article and the app's name
      between the kind and the place's word, is named all the same ("remove bob@acme.com from *the
      github* org *acme*", as "from github org acme") (``value_words.plain_name_after_kind``);
    * ``stated_situations``: a statement before a comma or a semicolon, opening with a subject and
      naming no connected app, leaves a request whose rest opens with an action and names one ("*the
      customer says their droplet is down,* reboot digitalocean droplet 3164444")
      (``stated_situations``);
    * ``reported_requests``: the user's words passed on as said are the request, out of their quotes
      ('The user said: "cancel my 3pm meeting on cal.com"', "the customer asked: refund ch_3")
      (``monologue``);
    * ``framed_telling``: a verb of telling after the frame a request asks with sends a message as
      it does first ("*I need to* let bob know on slack that ...", "*could you* tell the team in
      slack #eng ...") (``telling``);
    * ``asked_filters``: a question asking which things are there is filtered by a kind and its
      value as a list asked for is ("*what droplets* are in region nyc3": ``droplets_list``, not
      ``regions_list``) (``filtering_things``);
    * ``channel_histories``: where the named apps have a tool whose name says "history", the
      messages of a channel or a conversation read are its history ("get messages in slack channel
      C024": Slack's ``conversations_history``, not ``search_messages``); messages about a thing or
      from a person are searched still (``channel_histories``);
    * ``verbed_tools``: a tool asked for by the verb right after it, in the third person, is asked
      for by that verb ("which tool *uploads* a file to box", "which slack tool *sends* a message":
      "slack send a message") (``request_frame``).
    * ``own_fields``: a name carries a field read or changed with the thing only where nothing but
      actions stands between the two (Slack's ``conversations_set_topic``); a name saying another
      thing between them ("the status of digitalocean droplet 77":
      ``droplets_get_destroy_associated_resources_status``) leaves the field the thing's
      (``verb_readings.changed_field``);
    * ``compound_kinds``: a thing asked of by its id whose kind two words say, the first what a name
      of the app says with the second ("did the stripe *payment intent* pi_42 succeed", "did github
      *workflow run* 991 fail"), is asked of as one kind, its first word no word of the question
      (``thing_questions``);
    * ``asked_fields``: a question asking which or what one field of one thing named by its id is
      ("*which region* is digitalocean droplet 77 in", "*what email* does intercom contact 6612
      have") is its get, as a wh-question is (``thing_questions``);
    * ``titled_nouns``: a plural after a title's first word is a thing, though spelled as a verb,
      said by a request's plural only ("get github workflow *run* 991" says no "List workflow *runs*
      for a workflow") (``title_order``);
    * ``app_slugs``: an owner/name slug after a preposition and the app's name is placed as one
      right after the preposition is ("list issues *in github acme/web*": "list issues in acme/web
      on github"; read as written, "web" found GitHub's webhooks) (``written_forms``);
    * ``asked_lists``: a question asking which things there are is their list ("*what repos are* in
      the github org acme", "*what are the* labels on github issue 7": "list repos in ...")
      (``thing_questions``);
    * ``thing_fields``: a field written after the thing it belongs to, in a request changing it, is
      read as the field of the thing ("update *customer email* in stripe": "update the email of
      customer in stripe"; "set jira issue priority") (``thing_fields``);
    * ``written_reads``: a request that writes gets a tool whose name only reads after the rest
      among equal scores ("update stripe product prod_1": ``post_products_id`` before
      ``get_products_search``, which "get" sorted first) (``unasked_tools``).
    * ``filter_values``: the value a list's filter gives a field, written as a plain word, is a
      value, quoted ("github issues *with label bug*", "slack users *in timezone PST*", "issues
      *assigned to octocat*"), where the request writes nothing and lists things it names in the
      plural (``filter_clauses``);
    * ``capability_questions``: a question asking what one connected app can do ("what tools exist
      for stripe", "stripe tools", "what can you do with github") is read as the app's name alone,
      which finds its tools (``capability_questions``).
    * ``plural_lists``: a plural head read with a verb that gets is done by a name saying "list"
      before one that does not, where no name says the head in the plural ("get twilio calls":
      ``list_call`` before ``fetch_call``) (``head_order``);
    * ``marked_reads``: a name reads, where a request naming no action reads first, only by a
      reading word other than the state it marks things as ("github notifications":
      ``activity_list_notifications_for_authenticated_user`` before
      ``activity_mark_notifications_as_read``) (``unsaid_actions``);
    * ``hyphenated_values``: a name in lowercase words joined by hyphens is a value, quoted ("get
      the blob for *billing-service* 8156570 on github"), where no name of the app says two of its
      words in order ("re-run") and none is a particle ("to-do", "sign-in") (``hyphenated_values``);
    * ``asked_times``: a question asking what time or day a thing is or does something is asked with
      "when" ("*what time is* my next cal.com booking": "when is my next cal.com booking", not the
      time zones) (``thing_questions``);
    * ``names_after_kinds``: the word right after a kind of person or of holder ("follow github user
      *octocat*", "archive slack channel *general*") that no name of the app says beside the kind,
      even through a synonym, is the person's or the thing's name, a value even where some tool says
      it (GitHub's mascot, ``meta_get_octocat``); not a word a name says with the kind ("user
      *presence*", "channel *topic*") (``thing_values``);
    * ``camel_words``: a word in camel case ("send a *WhatsApp* message") is read in lower case, one
      word, where some tool's text writes it whole ("whatsapp"), not split at its capitals
      (``camel_words``);
    * ``tenancy_moves``: a person moved into or out of the app itself or its tenancy ("invite bob to
      our slack", "remove bob from the slack workspace") is moved as one of its users, not a
      conversation's member (``person_moves``);
    * ``aside_clauses``: what a request written as a tool's description says beside what it asks
      (examples, "such as title or status"; what is included, "including its components"; an
      optional extra, "and optionally a section"; a date range; how it is done or for whom, "by
      updating its parent", "on behalf of an admin"; "to the end of") is no word of the tool: it
      leaves the request (``aside_clauses``);
    * ``kind_fields``: a field every thing has ("status", "owner", "amount") read of any thing of a
      kind ("get the *status* of a twilio message") is the thing's get, as of one thing named by its
      id, where only names of other things say the field (``fetch_build_status``) and none says it
      alone (Stripe's ``get_balance``); a name setting the field (``conversations_set_topic``) reads
      none (``verb_readings``);
    * ``people_questions``: a question asking who does something to a thing ("who *starred*
      acme/web", "who is *watching* issue ENG-77") is the list of the people doing it, where a
      listing name says a word for them beginning with the verb ("stargazers", "watchers")
      (``people_questions``);
    * ``given_fields``: a field given to a thing ("*give* asana task 12 *a due date* of friday") is
      the field set ("update the due date of task 12 to friday"), as a field written after its
      thing is (``thing_fields``);
    * ``keyword_bags``: a bag of keywords creating a thing, the thing first ("stripe customer create
      email", "asana task create assign"), is read as a sentence: the words after the verb are
      what the thing is made with, an action among them a second one (``keyword_bags``);
    * ``ability_questions``: a question asking whether a connected app can do one thing ("does box
      support locking folders", "can stripe refund a payment intent") is that thing done in the app
      (``capability_questions``).
    * ``constant_names``: a request of one name in capitals, its words joined by underscores
      ("GITHUB_CREATE_AN_ISSUE", "STRIPE_CREATE_REFUND"), is a guessed name read in lower case, not
      values in capitals (``camel_words``).
    * ``counted_questions``: a question asking how many things there are ("how many tasks are in
      asana project 123", "how many open issues does acme/api have") counts them, a count where a
      name of the app says one (Asana's ``get_task_counts_for_project``), their list otherwise; "the
      number of" things is their count the same way (``counting_words``).
    * ``handed_things``: a thing handed to a person ("give the jira issue OPS-7 to alice", "hand PR
      12 over to bob") is the thing assigned to them, where a name of the app assigns that thing
      (``outcome_requests``).
    * ``counted_limits``: how many things a request asks for, a number before their plural after a
      verb, a determiner or nothing ("list *20* box files in folder 5", "the *5* most recent github
      issues in acme/api"), is a limit no name says and leaves the request, not read as the things'
      id; an amount before its unit ("2 hours") and an id after its kind ("issue 5") stay
      (``quantities``).
    * ``switched_things``: a thing turned or switched on or off ("turn on vulnerability alerts for
      acme/api on github") is the thing enabled or disabled, where a name of the app enables or
      disables a thing the request names (``outcome_requests``).
    * ``told_by_anyone``: a request told of anyone who wants it, a given name or words ending in a
      word for a person or a group ("*Alice wants* the jira issue ENG-9 ...", "*my manager needs* a
      list of ...", "*the team lead asked me to* close ..."), is read as told of "the user", which
      the frame leaves out (``requesters``).
    * ``wanted_done``: one thing wanted or had done, its participle after it ("the user needs
      *droplet 77 rebooted*", "*get* the PR 3 *merged*"), is the thing done in the active ("reboot
      droplet 77"); several things, a time or an agent after the participle keep a list's filter
      ("the invoices sent last month") (``passive_voice``).
    * ``own_roles``: the asker's own role stated before the request ("*I run our digitalocean
      infra;* snapshot droplet 77", "*As the owner of acme/api on github* I want to ...", "*I work
      in finance and* need ..."), "I" and a verb of what one does or is, or "as" or "being" and a
      role, to a mark or the asking, leaves it, the apps it names placed after the request
      (``stated_situations``).
    * ``described_requests``: a request written as a tool's description, its verb in the third
      person before a determiner ("*Refunds* a Stripe charge", "*Lists* all Droplets in your
      account"), is that verb's order ("refund a Stripe charge"); "refunds for customer cus_1" stay
      things (``request_frame``).
    * ``conceded_clauses``: a concession before "but" ("*not urgent, but* create an asana task ...",
      "*could be wrong, but* list the droplets in digitalocean") leaves the request, where it names
      no connected app and what follows names one and asks (``stated_situations``).
    * ``purposed_things``: what a thing created is for, after its "to" and a verb then a determiner,
      a pronoun or a name ("create an asana task *to renew the domain*", "create a jira issue *to
      fix the login page*"), is its content, quoted; "add bob to the project" and "add a task to
      project alpha" place it (``purpose_clauses``).
    * ``existence_questions``: a question asking whether a thing of some description exists ("is
      there an open jira issue *about* the login bug", "is there a box folder *named* Contracts") is
      the thing sought ("find ..."); an undescribed thing is listed as before
      (``existence_questions``).
    * ``intended_acts``: a request written as what its writer intends or is about to do ("gonna
      archive slack channel C0123", "I'll create a jira issue", "we will be cancelling cal.com
      booking 881", "it's time we deleted box folder 99"), or opened by an urging or a step's number
      ("asap:", "URGENT!!!", "simply", "first get ..."), is read as the order it states
      (``intended_acts``)
    * ``merged_branches``: the branches a pull request or a merge goes from and into ("open a PR
      from feature-x to main") are quoted as values (``merged_branches``)
    * ``misspelled_apps``: a word no tool says one edit from the one-word name of an app of the org,
      and no known app's, is read as that app's name where the request finds nothing as written
      ("notoin create page", "jria create issue"; ``misspelled_words``)
    * ``spoken_numbers``: a thing's number written in words right after the thing, "number" or a
      project's key ("droplet seventy seven", "issue number twelve", "ENG forty two") is written in
      digits (``spoken_numbers``)
    * ``joined_words``: an action's verb and a word of the app's names run together ("notion
      createpage", "twilio sendsms") is read as the two words where the request finds nothing as
      written (``misspelled_words``)
    * ``qualified_means``: an app named as the means of a request by its product or version before
      "API" ("use the xero accounting api to get invoices", "cal.com v2 api cancel booking 881"), an
      endpoint that does it ("hit the digitalocean endpoint that lists droplets") or asked for a
      thing ("query the jira api for issue ENG-4") is read as the place of the request, but a word
      opening a tool's name ("the slack admin api"; ``instrument_words``)
    * ``message_labels``: a request pasted with a message's label ("Ticket #4411:", "RE: outage -",
      "FYI:", "Note to self:"), greeting ("Dear support,") or sign-off ("Regards", "Thanks, Bob") is
      read without them (``message_labels``)
    * ``asked_passives``: a question whether a thing can be done ("can a jira issue be deleted", "is
      it possible for a slack message to be pinned", "are notion pages able to be archived") is read
      as the thing done, in the active (``passive_voice``)
    * ``told_attempts``: a request told as an attempt that failed ("I'm getting an error when
      creating a jira issue", "can't upload report.pdf to box folder 12", "merging PR 8 returns
      405", "github issue 14 won't close") or one to try again ("try again to refund ...", "... once
      more") is read as the attempt's order (``attempts``)
    * ``tool_words``: a tool asked for by a word the API's readers call it ("which api call refunds
      a stripe charge", "what's the command to archive a slack channel", "the slack method for
      inviting someone", "the name of the tool that reboots a droplet") is read as what it does
      (``request_frame.called_tool``)
    * ``intent_fields``: a request written as an intent's fields, an app's and an action's among
      them ("app=stripe action=refund charge", "intent: list_projects, app: asana",
      'task(app="xero", verb="create", object="invoice")'), is read as the request they say, the
      other fields its arguments (``intent_fields``)
    * ``leave_questions``: a request asked as whether it may or should be done ("is it okay to
      delete box file 123", "can I go ahead and close github issue 12", "any objection to archiving
      asana project 77", "would you recommend refunding ...") is read as the order (``asked_leave``)
    * ``assistant_orders``: a request told to the assistant as its task ("you need to create a jira
      issue", "you are asked to create a notion page", "your next step is to close github issue 12")
      is read as the order (``asked_leave``)
    * ``described_things``: up to two words describing the thing a request acts on, between a
      determiner and the thing, that no name of the app's tools says ("create a quick jira issue",
      "refund that duplicate stripe charge", "reboot the unresponsive droplet 77") leave the request
      (``thing_adjectives``)
    * ``short_flags``: a command-line flag of one letter and its value ("gh issue list -R acme/api",
      "jira issue create -tBug") is read as a value given with the request, its letter no word
      (``call_forms.read_flags``)
    * ``spelling_variants``: a word no tool says, spelled as British English writes it
      ("organisations", "authorise", "favourite", "catalogue", "cheque"), is read in the American
      spelling a tool says, where the request finds nothing as written (``spelling_variants``, read
      by ``misspelled_words``)
    * ``revoked_access``: access taken from a person or given in other words ("revoke bob's access
      to box folder 99", "stop alice from seeing github repo acme/api", "grant bob edit rights on
      asana project 77", "let bob into slack channel C0123", "I want bob out of ...") moves the person
      out or in (``person_moves``)
    * ``access_questions``: who may see or work on a thing ("who can see box folder 99", "who has
      access to github repo acme/api", "who is box folder 99 shared with") asks its people, in the
      word the app's names give them (``people_questions``)
    * ``conditional_things``: a condition opened by "unless", "in case", "provided" or an inverted
      "should" goes before the action it sets, and a condition's thing is the one the action acts on
      where the action names none ("if github issue 9 has no assignee, assign alice": "assign alice
      to issue 9") (``reason_clauses``)
    * ``long_contexts``: a context's sentence before the one that asks may be up to twenty-four
      words ("The marketing channel hasn't been used since 2024 and clutters the sidebar. Archive
      slack channel C0123."), and a verb only first opens the asking sentence ("... It happens every
      time. Open a jira issue for it in ENG.") (``request_parts``)
    * ``narrated_clicks``: a request narrated as a person's steps in the app's pages ("click archive
      on slack channel C0123", "in notion click new page", "go to the stripe dashboard and refund
      charge ch_9", "open jira issue ENG-4 and hit the assign button for bob") read as the action
      the clicked label says, on the thing the steps open (``interface_steps``)
    * ``asked_reports``: a report asked of things ("give me a table of open jira issues", "a report
      of xero invoices", "print the box folder 99 contents", "... into a sheet") read as the things
      shown, where no name of the app says the report's word with theirs (``output_formats``)
    * ``addressed_bots``: a chat message's mention opening the request ("@cardamom close github
      issue 12", "hey @bot, archive slack channel C0123") is whom it is written to, no word of the
      request (``message_labels``)
    * ``undone_acts``: an action undone in words ("undo the archive of slack channel C0123":
      "unarchive ..."; "bring back ...", "put back the deleted box folder 99": "restore ...", or
      "unarchive ..." where no tool restores; "un-assign": "unassign") (``undoing_verbs``)
    * ``recipient_kinds``: whom a thing is sent to, said by their kind ("send xero invoice INV-3 to
      the client", "send to client the xero invoice INV-3"), is an address, no word of the tool,
      where no tool of the app says the kind (``recipients``)
    * ``learner_forms``: a request in a learner's English ("make delete of the box file 123", "need
      do reboot for droplet 77", "how I can archive ...", "I am wanting to see ...") read as the
      act, the question and the wish it writes (``learner_forms``)
    * ``head_branches``: the branch alone a pull request goes from, said a branch or shaped as one
      ("open a pull request on github from feature-x"), is quoted as a value (``merged_branches``)
    * ``spaced_numbers``: a phone number written in groups ("+44 7700 900123", "+1 (415) 555-0100",
      "(415) 555-0100") is one value, read in one piece (``phone_numbers``)
    * ``ended_things``: a thing named by its id said to be gone ("the stripe customer cus_1
      shouldn't exist anymore", "box file 123 needs to be in the trash") is deleted, and one said
      not to take place ("the cal.com booking 881 should not happen") cancelled (``passive_voice``)
    * ``time_frames``: when a request is to be done, said before it ("by end of day, close github
      issue 12", "at 5pm cancel cal.com booking 881", "in an hour, send a twilio sms"), is no word
      of the tool: read without it, where every word of it is a time's and an order follows
      (``time_frames``)
    * ``reminded_orders``: a request written as a reminder of it ("don't forget to archive slack channel
      C0123", "remember to refund ...", "you forgot to merge PR 8", "we still haven't created the
      jira issue ...") read as the order it reminds of; "remind me to" stays an app's own where it
      has reminders (``reminded_orders``)
    * ``about_questions``: a request for what is known of one thing named by its id ("everything
      about jira issue ENG-4", "all the details on stripe customer cus_1", "the lowdown on box file
      123", "what do we know about intercom contact 9") read as its get (``about_questions``)
    * ``supposed_acts``: a question of what an action would do ("what happens if I delete box folder
      99", "suppose I cancel cal.com booking 881, what then", "will rebooting droplet 77 lose data",
      "what's the impact of deleting jira issue ENG-4") read as the action supposed
      (``supposed_acts``)
    * ``courtesies``: the courtesy around a request ("I was wondering if you might be able to refund
      ...", "I'd be grateful if you'd delete ...", "kindly be so good as to merge ...", a tag after
      it: "..., ok?", "..., right?") is no word of what is asked: read without it, where an order is
      left; a thing asked to have ("could I have xero invoice INV-3", "I'll take the stripe
      balance") is its get (``courtesies``)
    * ``role_openers``: the capacity the asker acts in, before a mark ("in my capacity as repo
      owner, merge PR 8 ...", "wearing my ops hat, reboot droplet 77", "acting for the team lead,
      archive ...", "as finance, ..."), is no word of the request (``stated_situations``)
    * ``bracketed_ids``: a thing described, its id after it in parentheses ("close the login bug
      (ENG-4) in jira", "refund the duplicate charge (ch_9)", "delete the draft contract (box file
      123)"), read as the thing its id names, the description's other words out (``bracketed_ids``)
    * ``manner_adverbs``: how the action is to be done, said by an adverb before it ("fully refund
      stripe charge ch_9", "temporarily power off droplet 77", "safely delete asana task 12"), is no
      word of the tool where no tool of the apps named says it whose name says a word of the request
      (``manner_adverbs``)
    * ``listed_ids``: several things of one kind named by their ids ("delete both asana tasks 12 and
      13", "fetch twilio messages SM1 and SM2") are each acted on by the tool for one: read in the
      singular, "both" and "all" out (``listed_ids``)
    * ``interjections``: a feeling said before a request reads without it ("*ugh,* reboot droplet
      77", "*ffs* just refund ...", "*for the love of god* merge PR 12"): ``interjections``.
    * ``additive_words``: a request said as one more reads without the words saying so ("*oh and*
      reboot droplet 78 *while you're at it*", "*plus* delete asana task 13", "close ENG-5 *too*"):
      ``additive_words``.
    * ``topic_openers``: the thing named first as a topic is what the order acts on ("*regarding
      stripe charge ch_9,* I want it refunded", "*re: asana task 12 -* mark it complete"):
      ``topic_openers``.
    * ``regretted_acts``: a regret reads as the act it regrets not doing ("*I should have archived*
      slack channel C0123", "*I meant to* refund ..."; read with ``reminded_orders``):
      ``reminded_orders``.
    * ``recurrences``: how often an order is to be done reads aside, before or after it ("*every
      monday,* archive ...", "*nightly* merge ...", "... *every time it's disputed*"; read with
      ``time_frames``): ``time_frames``.
    * ``slang_verbs``: a verb in slang reads as the plain one where no tool of the app says it
      ("*scrap* asana task 12": delete, "*bounce* droplet 77": restart, "*ship* PR 12": merge):
      ``slang_verbs``.
    * ``counted_orders``: how many things an order makes or acts on, in words, reads aside ("open *a
      few* github issues", "refund *half of* ..."): ``counted_things``.
    * ``addressed_apps``: an app addressed before a polite order is its place ("*twilio* please text
      ...": "please text ... in twilio"): ``app_labels.app_last``.
    * ``asked_pieces``: a piece of a thing in a word no tool of the app says reads as the thing's
      get ("the *url* of github PR 12", "the *receipt* for stripe charge ch_9"): ``thing_pieces``.
    * ``go_aheads``: a yes before the order it lets go ahead reads without it ("*sure,* refund ...",
      "*approved,* close ...", "*sounds good,* send ..."; read with ``interjections``):
      ``interjections``.
    * ``request_tags``: tags in brackets at a request's start or end read aside ("*[P1]* reboot
      droplet 77", "*(high priority)* archive ...", "... *[finance]*"): ``request_tags``.
    * ``tried_acts``: an act asked as a try is the act ("*try to* reboot ...", "*see if you can*
      refund ...", "*give* cancelling ... *a shot*"): ``tried_acts``.
    * ``suggested_acts``: an act suggested or asked in a negated question is the act ("*how about*
      sending ...", "*why not* merge ...", "*shouldn't we* cancel ...", "*why haven't you replied*
      to ..."): ``suggested_acts``.
    * ``whole_things``: the whole of a thing said reads aside where no tool says the word ("delete
      *the entire* box folder 99", "refund *the full* ...", "... *entirely*"): ``whole_things``.
    * ``framed_texts``: a text asked past what frames the request is sent as one where the app's
      names send messages ("*twilio please* text +1415...", "*go for it:* text ...": "send a text
      message to ..."; read with ``telling``): ``framed_request``.
    * ``behalf_phrases``: whom an order is done for, said as a behalf, reads aside ("refund stripe
      charge ch_9 *on my behalf*", "*on behalf of alice,* close ..."): ``behalf_phrases``.
    * ``titled_things``: a thing named by its name and no id has its name quoted after its kind
      ("close the *login crash* issue in jira": 'close the issue "login crash" in jira'):
      ``titled_things``.
    * ``sign_offs``: a sign-off after the request reads aside ("... *ty*", "... *you're a star*",
      "... *Regards, Finance*"; read with ``courtesies``): ``courtesies``.
    * ``complaint_questions``: a complaint asked as why before the order that ends the request is
      its context ("*why is slack channel C0123 still around?* archive it"): ``request_parts``.
    * ``accidental_acts``: an act told as done by mistake reads as the act that undoes it ("I
      *accidentally* deleted box file 123": "restore ...", "alice was removed from asana project 77
      *by accident*": "add alice to ..."): ``accidental_acts``.
    * ``awaited_acts``: a thing said to await an act reads as the act on it ("jira issue ENG-4 *to
      be closed*", "PR 12 *awaiting merge*", "slack channel C0123: *needs archiving*"):
      ``awaited_acts``.
    * ``user_stories``: a request written as a user story reads as what it wants, its role and
      reason aside ("*As a manager, I want to* close jira issue ENG-4 *so that ...*"):
      ``user_stories``.
    * ``follow_ups``: a follow-up asked after the request reads aside ("... *and let me know when
      it's done*", "... *then confirm back to me*", "... *and report back*"): ``follow_ups``.
    * ``mentioned_things``: what the conversation said of a thing named by its id reads aside ("...
      ENG-4 *I mentioned earlier*", "... C0123 *like we discussed*", "... 123 *from yesterday's
      thread*"): ``mentioned_things``.
    * ``polite_conditions``: a request asked as a condition of its own courtesy reads as the order
      ("*if you could* archive ... *that'd be great*", "*at your convenience,* send ..."; read with
      ``courtesies``): ``courtesies``.
    * ``placed_apps``: in a request naming two connected apps, one placed by a place word ("in",
      "on", "via", "using"), a thing of the other named by its id after its name is what the request
      acts with, read as values ("post the *github PR 12* link in slack channel C0123": Slack's
      ``chat_post_message``): ``placed_apps``.
    * ``texted_things``: a text sent to the caller ("*text me* at +15551234 with twilio: ...") or a
      thing texted to someone ("text *the stripe receipt for ch_9* to +15551234 via twilio") is a
      text message sent, as one told to a person is (read with ``telling``): ``texted_things``.
    * ``failure_reports``: a failure reported beside the order it calls for reads as the order, its
      "it" the one thing the report names by its id ("Error 502 from droplet 77, *reboot it*",
      "build failed on github acme/api: *rerun workflow run 991*", "reboot droplet 77*, it returns
      error 502*"): ``failure_reports``.
    * ``possessive_pronouns``: past a context, the order's "its" is the one thing the context names
      by its id too ("Box folder 99 is full. List *its* items": "List the items of folder 99"; read
      with ``context_pronouns``): ``possessive_pronouns``.
    * ``stating_parts``: a sentence opening with a word only a tool's name opens
      ("*droplet*_actions_post") that states of a thing is no step of a list, but a context
      ("droplet 77 is no longer needed. delete it": "delete droplet 77"): ``stating_parts``.
    * ``hedge_phrases``: a request hedged in a phrase of judgement reads as its order ("*I'd say*
      delete box file 123", "*it might be worth* merging PR 12", "*it seems like we should* text
      ...", "should *probably* be updated"): ``hedge_phrases``.
    * ``new_fields``: a field given its new value is the field changed ("update the notion page abc
      *with the new title*": "update the notion page abc title"; "*set a new email for* stripe
      customer cus_1": "update the email of ..."): ``new_fields``.
    * ``asked_auxiliaries``: an auxiliary asked with a subject ("how many droplets *do we* have",
      "which invoices *do we* have") is the question's grammar, though one word is left beside it:
      "do" named Jira's ``do_transition`` (read with ``drop_filler``): ``asked_auxiliaries``.
    * ``ensured_members``: a person made sure of in a place, or out of it, is moved there ("*make
      sure* alice *is in* asana project 77": "add members alice to asana project 77"; "ensure bob is
      no longer in slack channel C0123"; read with ``person_moves``): ``ensured_members``.
    * ``had_things``: a question whether a thing has things of a kind asks for their list ("does
      stripe customer cus_1 have *a subscription*": "list subscriptions of stripe customer cus_1";
      "do we have any open PRs in github acme/api"): ``had_things``.
    * ``undone_opposites``: an act undone in words whose undoing verb no name writes with "un-" is
      its opposite act ("undo the close of jira issue ENG-4": "reopen ..."), and an act undone may
      be a gerund ("undo archiving slack channel C0123": "unarchive ..."; read with
      ``undone_acts``): ``undone_opposites``.
    * ``quoted_requests``: a request passed on in quotes, the words around it doing what it says, is
      the quoted order ('the customer wrote "please cancel my subscription sub_1" - *do it* in
      stripe', 'email from bob: "can you close ENG-4 in jira?" - *go ahead*'): ``quoted_requests``.
    * ``repeated_parts``: the part of a request that asks, past a context or a condition, is read as
      an attempt too: done again ("if xero invoice INV-3 is unpaid, send it *again*": "send invoice
      INV-3"; read with ``told_attempts``): ``repeated_parts``.
    * ``relative_clauses``: a thing an order acts on told by a clause after its kind, no id, is
      described by it, quoted as a value ("merge the github PR *that fixes the login bug* in
      acme/api", "reboot the droplet *running the website*"); a list's clause filters it and stays:
      ``relative_clauses``.
    * ``shell_verbs``: a shell's command opening a request, past its flags, is the verb it does to a
      thing ("*rm -rf* box folder 99": "delete box folder 99"; "*ls* box folder 99", "*mkdir*
      reports in box folder 99"), where no name of the app says it (read with ``slang_verbs``):
      ``shell_verbs``.
    * ``declined_acts``: an act declined before the one asked reads as the one asked, its "it" the
      declined act's thing ("don't delete box file 123, *just move it to folder 99*", "rather than
      deleting droplet 77, *power it off*"): ``declined_acts``.
    * ``thing_histories``: the history of a thing asked in its reader's words ("history",
      "activity", "audit trail", "timeline") is the get of the word the named app's names give it
      ("activity on asana task 12": "get stories of asana task 12"; "history of jira issue ENG-4":
      Jira's change logs): ``thing_histories``.
    * ``created_for``: what a thing created is for, past "for" and an article, is its content,
      quoted as a value ("create a github issue *for the flaky test* in acme/api", "write up an
      asana task *for the budget review*"; never an id: "for customer cus_1"; read with
      ``purposed_things``): ``created_for``.
    * ``role_people``: a person named by their role is one person, moved as a person named is ("add
      *the new hire* to slack channel C0123", "remove *the contractor* from asana project 77",
      "share box folder 99 with *the auditor*"; read with ``person_moves``): ``role_people``.
    * ``foreign_courtesies``: another language's courtesy opening or closing a request ("*por favor*
      reboot droplet 77", "*merci de* close jira issue ENG-4", "..., *gracias*") is read without it:
      ``foreign_courtesies``;
    * ``alternative_verbs``: two verbs offered as alternatives on one thing ("*close or resolve*
      jira issue ENG-4", "*either* email *or* resend ...", "..., whichever is easier") read as the
      first, where no name says both (an upsert's "create or update"): ``paired_verbs``;
    * ``inspected_acts``: a look before the act ("*find and* delete box file 123", "*review and*
      merge PR 12", "*double-check then* cancel ...") is read as the act: ``paired_verbs``;
    * ``checklist_items``: a to-do list's first open item is the request ("[x] archive slack channel
      C0123 [ ] delete box file 123": "delete box file 123"; "- [ ] reboot droplet 77"):
      ``checklist_items``;
    * ``excepted_values``: the ids or name an act over many spares at the request's end are read as
      its argument, left out ("destroy all droplets *other than 77*", "close all jira issues *except
      ENG-4*", "remove everyone from ... *but alice*"): ``excepted_values``;
    * ``light_verbs``: an act named by its noun after a light verb reads as its verb ("need a reboot
      on droplet 77", "give droplet 77 a reboot", "take a snapshot of ...": "reboot droplet 77"),
      and a new thing asked for as one created ("need a new jira issue for ..."): ``light_verbs``;
    * ``enclosing_marks``: marks around a whole request are read without it ('"delete asana task
      12"', ">>> text ...", an ellipsis in one character): ``enclosing_marks``;
    * ``unhurried_phrases``: the words giving a request no hurry ("*at some point* archive ...",
      "... *whenever convenient*", "... *when you're free*") are read without it:
      ``unhurried_phrases``;
    * ``modelled_things``: a thing made after another is read without its model ("create a jira
      issue *like ENG-4*", "make another cal.com booking *like 55*"): ``modelled_things``;
    * ``stated_orders``: a statement of a thing may end at a dash too, and any verb a request opens
      with opens the order on "it" after it ("jira issue ENG-4 is fixed, *mark it done*", "droplet
      77 is unresponsive *- bounce it*"): ``request_parts``;
    * ``unmarked_contractions``: contractions written without their apostrophe are read with it
      ("whats in box folder 99", "id like to ...", "lets reply ..."; never "its", "were", "ill"):
      ``unmarked_contractions``;
    * ``habitual_phrases``: a request asked done as always is read without its habit ("send xero
      invoice INV-3 *as usual*", "*same as last time,* archive ..."): ``habitual_phrases``;
    * ``environment_words``: the environment a thing lives in is read without it where no name says
      the word ("reboot the *prod* droplet 77", "refund ... *in live mode*"): ``environment_words``;
    * ``precaution_clauses``: a precaution the request is taken as is read without it ("snapshot
      droplet 77 *in case the deploy fails*", "*as a precaution,* ...", "... *for the record*"):
      ``precaution_clauses``;
    * ``go_ahead_phrases``: a go-ahead around the order is read as the order ("*proceed with* the
      refund of stripe charge ch_9", "*feel free to* update ...", "*make it happen:* ..."), an
      outcome made so as one made sure of ("*make it so that* ... is archived"):
      ``go_ahead_phrases``;
    * ``thing_appositives``: a thing told again after its id is read without the appositive ("reboot
      droplet 77*, the web server*", "send xero invoice INV-3*, the one for acme,* to the client"):
      ``thing_appositives``;
    * ``addressed_people``: a request addressed to a colleague by name is read without the name,
      where an order follows and it names no app ("*Eve,* could you delete box file 123?", "*@alice*
      can you merge ..."): ``addressed_people``;
    * ``formal_verbs``: a formal verb opening a request, as models write it, reads as the plain one
      where no name of the apps says it ("*relocate* box file 123 ...", "*transmit* xero invoice ...",
      "*amend* xero invoice INV-3"): ``slang_verbs``;
    * ``made_nouns``: a verb no field of the named app says, read as the noun its names make of it,
      created, where the request has no other action ("*classify* box file 55 as Confidential":
      "create classification ...", Box's ``post_files_id_metadata_..._classification``)
      (``word_forms.made_nouns``);
    * ``undone_assignments``: an undoing verb's thing read as the noun the names make of the verb
      ("*unassign* box retention policy assignment 77": "remove assignments ...")
      (``undoing_verbs``);
    * ``idiom_moves``: a person moved in an idiom's verb ("*kick* alice *out of* asana team 77",
      "*boot* bob from ...") read in the plain verb where the names give the place's people no word
      (``person_moves``);
    * ``phrasal_clauses``: a relative clause after the thing of a phrasal verb's order is its
      description too ("*set up* a box retention policy *that keeps files for 7 years*")
      (``relative_clauses``);
    * ``undone_gerunds``: "stop" and a gerund read as the names' undoing verb where one says it
      ("*stop following* octocat on github": "unfollow ...", GitHub's ``users_unfollow``), not as
      removing the verb's thing (``undoing_verbs``);
    * ``app_opened_orders``: the readings of a request's opening verb (slang, what a thing created
      is for, a relative clause) read past an app's name opening it, the name placed after ("asana
      *jot down* a to-do *to call the vendor*": 'create a to-do "call the vendor" in asana')
      (``app_labels.read_past_app``);
    * ``member_clauses``: a clause saying the caller is a member of the things a request names, read
      as "my" before them ("list all the asana workspaces *I belong to*": "list all my asana
      workspaces"; "the slack channels *I'm in*") (``member_clauses``);
    * ``named_field_acts``: a field written after its thing is read as the thing's own where a name
      says the request's verb right before it ("set jira user *preference*": Jira's
      ``set_preference``, not "set the preference of user") (``thing_fields``);
    * ``method_words``: an HTTP method opening a tool's name is no synonym of a thing's word
      ("message" is no "post" in Stripe's ``post_tax_transactions_create_reversal``; it still is in
      a name's other places and as an action's word) (``SearchIndex._synonym_names``);
    * ``kebab_names``: a request that is one word of three parts or more joined by dashes is a
      tool's name guessed in kebab case, its app's name a part of it ("asana-list-tasks" as
      "asana_list_tasks"), not a thing's name holding the app's ("test-box")
      (``app_scope.without_joined_names``);
    * ``write_actions``: a request that writes (creates, updates, sends, moves, closes, deletes) is
      never answered with a tool whose name only reads ("update the stripe alert ...": not
      ``get_sources_source_mandate_notifications``), as one that reads never is with one that only
      writes (``destructive_actions.contradicts``);
    * ``relation_questions``: a question asking which things another is tied to ("which teams is user bob
      *assigned to* in asana", "what projects is jira board 7 *linked to*") read as the list of those things for
      it ("list teams for user bob in asana": Asana's ``get_teams_for_user``, not ``get_users_for_team``); which
      things one is a member of, for that person; whether one is a member of a thing, as that membership ("is
      octocat a member of ...": "get membership for user 'octocat' in ..."); who belongs to a thing, its members
      (``relation_questions``, ``people_questions``);
    * ``handle_ids``: a handle of letters then digits after the kind of thing or person it names is a value
      ("block user *spammer99* from the acme github org"), as a short id is, and so is a name of three dashed
      parts or more ("my codespace *glowing-space-xyz*") (``value_shapes.is_handle``);
    * ``placed_mine``: the tool for the caller's own things goes first only where it covers as much of the
      request as the first ("list my codespaces *in acme/api*": GitHub's
      ``codespaces_list_in_repository_for_authenticated_user``, not ``codespaces_list_for_authenticated_user``)
      (``caller_order.caller_first``);
    * ``nominal_verbs``: a request's verb that is its head noun, inflected, moves no tool before those scoring
      more ("which *issues* is github issue acme/api#12 blocking" read "issues" as its verb:
      ``issues_list_dependencies_blocking``, not ``issues_reprioritize_sub_issue``) (``head_order.head_first``);
    * ``ship_names``: a name saying a container's "-ship" of the people a request lists says them for it ("list
      members of box group 901": Box's ``get_groups_id_memberships`` keeps "group" in the mass)
      (``container_words.says_thing_for``);
    * ``listed_names``: the names listed after a plural kind of name that "with" or a verb adding them opens,
      joined by "and", are values ("create a box metadata template with fields *vendor* and *expiry*"; "add
      labels *bug* and *frontend*") (``value_words.listed_values``);
    * ``shortened_phrases``: a phrase the names shorten to its initials is read as the short form, where a name
      carries it ("list *out-of-office* entries for user 17 in my cal.com org":
      ``..._get_organization_user_ooo``; "access control list": ``acl``) (``abbreviations.SHORTENED_PHRASES``);
    * ``kept_questions``: a question asking how long things are kept is read as a read of their retention, where
      a name of the app says "retention" ("how long does the acme github org *keep* artifacts and logs":
      ``actions_get_artifact_and_log_retention_settings_organization``) (``kept_questions``);
    * ``articled_acts``: in a question, an action's word after "the" is a noun, no action of the request
      ("is box web link 12345 in *the trash*?" reads: ``get_web_links_id_trash``, never ``delete_web_links_id``)
      (``rank``);
    * ``read_carriers``: a name that reads a field with its thing ("list ticket states") is no tool of a request
      changing that field ("change the state of intercom ticket 4412 to resolved": ``update_ticket``)
    * ``held_questions``: a question's "<things> do I have" asks for the caller's own, as "my" does ("what
      permissions do I have in jira": ``get_my_permissions``; ``said_fillers.owned_as_mine``)
    * ``stated_compounds``: a compound whose verb is its own participle, after a copula or "have", says a state
      ("what fixed asset types are *set up* in xero": "created", a read; ``synonyms.join_compounds``)
    * ``titled_adverbs``: an adverb of manner stays a word of the request only where a tool's title says it
      ("*Permanently* remove file"), not its description alone ("permanently delete intercom conversation 9912":
      ``delete_conversation``; ``manner_adverbs``)
    * ``named_short_ids``: a short id of letters and two digits or more after any word of the app's names is a
      value, unless a name says it too or that word is a verb ("allocate xero overpayment *9a1* to invoice
      INV-12"; "aws s3", "aws ec2" stay; ``value_shapes.is_short_id``)
    * ``looks_questions``: a question how one thing looks is its get ("what does jira issue type 10004 look
      like": ``get_issue_type``; ``about_questions``)
    * ``said_references``: a GitHub reference "owner/repo#N" is the kind said right before it, whatever verb the
      request says ("approve the suggestion on github *issue* acme/api#88": an issue's
      ``issues_approve_suggestion``; ``written_forms.read_references``)
    * ``time_entries``: time logged against a thing where the app keeps time entries and no worklog ("log 2
      hours on asana task 1209") adds a time entry (``create_time_tracking_entry``; ``written_forms``, as
      ``logged_time`` does a worklog)
    * ``framing_participles``: a past participle a copula or "been" puts after it weighs nothing where no name
      of the thing asked for says it ("which refunds have been *made* on stripe charge ch_1":
      ``get_charges_charge_refunds``; ``frame_adjectives``)
    * ``able_words``: "can be <participle>" is the adjective in -able a tool name of the index carries ("who can
      be assigned jira issue KAN-4": ``find_assignable_users``; ``able_words``)
    * ``ordered_moves``: a thing moved to an end of its list is its reorder, where a name says "reorder" or
      "rank" ("move the Bug issue type to the top of jira issue type scheme 10010":
      ``reorder_issue_types_in_issue_type_scheme``; ``ordered_moves``)
    * ``happened_questions``: a question what happened in a place is the list of its events, where a name lists
      the place's events ("what happened in my stripe account in the last day": ``get_events``;
      ``happened_questions``)
    * ``constant_values``: an identifier in capitals joined by underscores inside a request names no app the org
      lacks ("get rid of the *AWS_KEY* secret in the acme/api repo": GitHub's ``actions_delete_repo_secret``,
      where AWS had been taken for an app not connected; a request that is one such name is a guessed name,
      ``constant_names``; ``app_scope.without_constant_names``)
    * ``which_had``: a question which things a thing has is their list of it ("what repos does the acme org have
      on github": "list repos of the acme org on github", ``repos_list_for_org``; ``had_questions``)
    * ``belonged_questions``: a question which things another belongs to (works on, participates in) is the list
      of those things for it ("which teams does asana user 1201 belong to": "list teams for asana user 1201",
      ``get_teams_for_user``; ``relation_questions``)
    * ``parameter_fit``: among equal scores, the tool taking the things a request names with their ids (its path
      parameters, the identifiers its schema requires) comes first: "list memberships of asana team 77" is
      ``get_team_memberships_for_team`` (``parameter_things``)
    * ``slug_apps``: a request naming no app but a repository by its owner/name slug ("force cancel workflow run
      88 in *acme/api*") is ranked inside the one app whose tools take an owner's repository, as an implied app
      (``implied_app.slug_app``);
    * ``whole_kinds``: a kind of two words filtering a list ("list reactions on *review comment* 8812") stays
      whole where a name of the app says the listed thing for its last word: its first word is no word the
      filter takes out with the value (``reactions_list_for_pull_request_review_comment``)
      (``filtering_things``);
    * ``qualified_kinds``: a kind filtering the noun before its preposition, not the request's thing ("add a
      note to *the history of* xero *receipt* 5d2e"), stays where a name of the app says that noun for it
      (``create_receipt_history``) (``filtering_things``);
    * ``taken_things_said``: the word naming a thing the request gives an id for ("hook *12*") counts, in the
      tie order, as said by the description of a tool taking that id, as its path says it
      (``repos_redeliver_webhook_delivery`` takes the hook; the organization's description says "hook" in a
      scope's name) (``parameter_fit``);
    * ``joined_values``: a name in lowercase words joined by underscores inside a request in words ("delete
      stripe coupon *summer_sale*") is a value, quoted, where no name of the app says two of its words in order
      and none is a particle, an action or an app's word (``joined_values``);
    * ``asked_caller_things``: a question for the caller's things that says no verb ("what social accounts are
      linked to *my* github profile") asks for their list: the caller's tool first, as for a request
      (``caller_order``);
    * ``setting_actions``: a request opening with a verb that sets, enables, toggles, selects, activates,
      submits, confirms or approves writes: a tool whose name only reads is no answer ("enable default code
      scanning setup": not ``code_scanning_get_default_setup``) (``destructive_actions``);
    * ``slug_first``: a repository's owner/name slug implies its app before the words do ("show the webhook
      config of hook 12 in *acme/api*": GitHub's, not Twilio's webhook configurations)
      (``implied_app.slug_app``);
    * ``caller_twins``: a request for the caller's own thing ("update *my* copilot space 5") whose first tool is
      an organization's (``..._for_org``) gets the caller's or a user's twin of the same score first
      (``copilot_spaces_update_for_user``) (``caller_order``)
    * ``unsaid_modifiers``: where a request naming one of the org's apps finds nothing as written, a word no
      tool of the app says, written before a word its names say, is a value ("list all twilio *studio* flows":
      ``list_flow``; "get the *npm* package ..."), and the request is ranked again (``unsaid_modifiers``,
      ``second_readings``)
    * ``switching_writes``: a request opening with "turn" or "switch" writes, as one opening with "set" does
      ("turn off the code quality setup for acme/api": the update, not the tied get) (``destructive_actions``)
    * ``named_creations``: a thing created and named by a bare word after its kind has that word quoted as its
      name ("create folder *reports* in box folder 0", "create repo *docs* in the acme org on github"), where no
      name of the app says the kind and the word together (``named_creations``)
    * ``possible_actions``: a "which"/"what" question's verb after "can I", "could we" ... is a value, and the
      question reads ("which gadgets *can I add* to a jira dashboard": the available gadgets, not
      ``add_gadget``) (``possible_actions``, ``query``)
    * ``scoped_compounds``: two words another app's names join are read apart where a name of the connected apps
      a request names says them apart ("which twilio *add-ons* are installed": ``list_installed_add_on``, not
      another app's ``addons``) (``scoped_compounds``)
    * ``progress_questions``: a question's gerund is the state it asks about, no act the request says: a tool
      doing it writes where the question reads ("is digitalocean still *destroying* droplet 5512":
      ``droplets_get_destroy_associated_resources_status``, not the destroy) (``progress_questions``)
    * ``past_runs``: "ran" is read as "runs", the record of what ran ("which github workflows *ran* yesterday
      in acme/api": ``actions_list_workflow_runs_for_repo``), but in a value (``past_runs``)
    * ``unknown_doers``: a "who" question's verb no verb list knows, which no name of the app says, asks for the
      people doing it where a listing name says one word for them ("who *contributed* to acme/api":
      ``repos_list_contributors``) (``unknown_doers``)
    * ``listed_setups``: "set up" after things in the plural, past the request's verb, is what was done to them,
      a state ("what vpcs are set up on digitalocean", read "list vpcs set up on ...": ``vpcs_list``, not
      ``vpcs_create``) (``listed_setups``)
    * ``id_named_things``: a word after a thing that the app's names say, its id after it, is the thing the id
      names, no field of the word before ("edit intercom help *article 8812*": ``update_article``, not the help
      center's) (``id_named_things``)
    * ``told_about``: a request to be told about one thing named by its id is read as its get ("tell me about
      asana team 1209", "what can you tell me about digitalocean knowledge base kb-3a1":
      ``genai_get_knowledge_base``) (``told_about``, ``about_questions``)
    * ``chosen_people``: asking whom one may do a verb to ("who *can I assign* jira issue KAN-9 to") is read as
      the people the verb's adjective in -able names, where a name says it (``find_assignable_users``)
      (``chosen_people``, ``able_words``)
    * ``asked_modifiers``: in a question whose subject opens with the app's name, the word right past the name
      may be a modifier the app never says, no verb ("what does twilio *studio* flow FW123 look like":
      ``fetch_flow``; "who *owns* box folder 77" keeps its verb) (``asked_modifiers``, ``unsaid_modifiers``)
    * ``changed_histories``: what changed in one thing named by its kind and id is its history, where a name of
      the app gives it a word ("what changed on jira issue KAN-5": ``get_change_logs``, not the notification
      scheme's ``get_events``) (``changed_histories``, ``happened_questions``)
    * ``stopped_runs``: a request opening with "stop", "halt" or "abort" is read as "cancel" where a name of the
      app cancels its thing and none says the verb with it ("stop workflow run 991 in acme/api":
      ``actions_cancel_workflow_run``, not a codespace's stop) (``stopped_runs``)
    * ``fields_on_things``: a field a thing has, changed "on" or "for" it, is read as the field "of" it, a value
      of the thing's update ("change the due date *on* asana task 1209 to friday": ``update_task``; "set the
      priority on jira issue KAN-5 to high": ``edit_issue``) (``fields_on_things``, ``field_phrases``)
    * ``id_segments``: a name's path "id" between a thing and a field names no other thing, so the name carries
      the thing's field ("change the shared link of box folder 8821": ``put_folders_id_update_shared_link``, not
      the folder's update) (``id_segments``, ``own_fields``)
    * ``grouped_scores``: for ``grouped_names``, a tool grouped under the request's head comes first only where
      no tool doing the request's action scores more ("is octocat a member of the acme org": not
      ``enterprise_team_memberships_get``, which leaves the org unsaid) (``head_order``)
    * ``checked_members``: whether one is a member of a thing, or holds a role on it ("is octocat a
      *collaborator* on github repo acme/api"), is read as the check a name of the app makes of it
      (``orgs_check_membership_for_user``, ``repos_check_collaborator``) (``relation_questions``)
    * ``named_measures``: a question about one thing named by its id whose other words, two or more, one name of
      the app says ("what's the *disk usage* of digitalocean mysql cluster 9cc1":
      ``monitoring_get_database_mysql_disk_usage``) is ranked as written, not read as the thing's get
      (``measured_questions``, ``thing_questions``)
    * ``used_amounts``: "how much X is Y using" is read as X's usage of Y ("how much actions cache is acme/api
      using": "get actions cache usage of acme/api"), where a name of the app says "usage"
      (``measured_questions``)
    * ``searched_phrases``: for ``search_things``, an app one of whose searching names says two words of the
      request in their order searches for them, whatever word stands before ("search the intercom admin
      *activity logs* for ...": ``search_activity_logs``, not ``list_activity_logs``) (``verb_readings``)
    * ``unpaired_modifiers``: words of the app right before a thing named by its id that no name says with the
      thing's kind, which the first tool found says and not the kind, leave the request where its first tool
      then says the kind ("update intercom *help center* collection 55 to be called FAQ":
      ``update_collection``, not ``create_help_center_redirect``); one some name says with it stays ("github
      *repo* webhook 12") (``unpaired_modifiers``)
    * ``made_roles``: a person made into a role ("make slack guest U0G1 a *regular* member", "make octocat an
      *admin* of the acme org") is read as the role set in the way the app's names set it: the role's own set
      (``admin_users_set_regular``), the role added (``repos_add_collaborator``), or a membership set with the
      role as its value (``orgs_set_membership_for_user``) (``made_roles``)
    * ``started_things``: a request opening "start a" or "start an" is read as "create a" where no name of the
      app says "start" with the thing ("start a slack call for the standup": ``calls_add``; GitHub's
      ``migrations_start_for_org`` keeps "start a migration") (``started_things``)
    * ``own_relations``: a question asking which things the caller is in ("which slack channels *am I* in",
      "which github teams am I a member of", "which asana teams do I belong to") is read as the caller's list
      ("list my slack channels") (``relation_questions``)
    * ``field_updates``: for ``field_phrases``, a field whose change a name does, every word of it, where no
      name updates the thing, keeps its words: the field's own tool ("set the sql mode of digitalocean mysql
      cluster 9cc1 to ANSI": ``databases_update_sql_mode``, not a cluster's create) (``verb_readings``)
    * ``verbed_things``: a question asking which things a subject does a verb to that no name says with them
      ("what packages does the acme org *publish*", "which projects does bob *manage* in asana") is read as
      their list for the subject ("list packages for the acme org", a person quoted) (``relation_questions``)
    * ``archived_restores``: a thing restored that was archived ("restore the *archived* intercom contact 55",
      "recover slack channel C0123 *from the archive*") is unarchived where a name of the app says "unarchive"
      (``unarchive_contact``), not restored as a deletion undone (``undoing_verbs``)
    * ``modifier_phrases``: for ``unsaid_modifiers``, two words before a word the names say, the first said by
      no tool of the app, the second by no name, are quoted as one modifier where no single word is ("add a $50
      *union fee* deduction for xero employee E-7": ``create_deduction``) (``unsaid_modifiers``)
    * ``described_modifiers``: for ``unsaid_modifiers``, a word only descriptions of the app say, before a thing
      named by its id, is unsaid by its names too ("delete twilio *regulatory* bundle BU123": ``delete_bundle``;
      "get *reorder* custom field in asana" still finds nothing) (``unsaid_modifiers``);
    * ``plural_openings``: a plural opening a request is its thing, never a verb because a tool name opens with
      it ("which *repos* am I watching on github": GitHub names open with ``repos_``; the caller's list first)
      (``head_nouns.request_head``);
    * ``two_word_kinds``: a thing's kind of two words is read as one word is: it qualifies the noun before it
      (``qualified_kinds``: "add a note to the history of xero *manual journal* MJ-5":
      ``create_manual_journal_history_record``, whose name says both; ``container_words.staying_kinds``),
      and a name saying the field after both words carries it as the thing's own ("show the history of xero
      manual journal MJ-5": ``get_manual_journals_history``; ``own_fields``);
    * ``asked_slugs``: a question's auxiliary before an owner/name slug says a repository where the request
      names no app too ("what license *does acme/api* use": ``licenses_get_for_repo``, not
      ``licenses_get_all_commonly_used``), as ``counted_questions`` reads it where it names one; not before
      "have", which asks what it holds (``had_things``) (``written_forms``);
    * ``added_things``: for ``added_fields``, an article before two words or more, none a value, names the thing
      added, not a field and its value ("add *a bank account* to stripe customer cus_88":
      ``post_customers_customer_bank_accounts``, not its verify; "add label regression to jira issue QA-8" keeps
      its field) (``field_phrases.added_field``);
    * ``possible_doers``: a question asking who can (could, may) be done a verb to asks for the people the app's
      names call by it, as who does it does ("who *can be assigned* issues in github repo acme/api":
      ``issues_list_assignees``, not a check of one user), whatever holds that field of one thing; the
      adjective in -able it may be is looked up in the named apps' names only (``people_questions``,
      ``able_words``);
    * ``stated_predicates``: in a question, a word a copula puts after it is a state of the things asked for,
      not a write the request says: a name writing by it still contradicts the read ("which labels are *set* on
      github issue 42": ``issues_list_labels_on_issue``, not ``issues_set_labels``)
      (``destructive_actions.contradicts``'s ``said``);
    * ``singular_lists``: a reading verb with a plural thing asks for the list also where a name opens with
      "list" and ends in the thing, in the singular as Twilio's names say it (``list_queue`` beside
      ``fetch_queue``: "show all twilio queues"; ``word_forms.read_as_listing``)
    * ``slug_frames``: a request naming no app but a repository by its owner/name slug, which finds nothing in
      that app as written, is read as placed in it, its frame and question read as in a named app ("who has
      contributed to acme/api": ``repos_list_contributors``)
    * ``dotted_values``: a word of parts joined by dots, not every part a word of some tool name, is a value: a
      user name ("maria.k"), an event's type ("com.twilio.messaging.message.delivered"); an API method written
      so ("chat.postMessage") is a name (``value_shapes.is_dotted_value``)
    * ``example_values``: in a request naming an app, the words "like" or "such as" list after a plural kind
      are examples of it, values ("which time periods like *quarters* and *halves* exist in asana"), joined by
      "and", "or" or commas, one word each ("such as skincare products, makeup items" lists none); naming no
      app, they are what it is about ("trials for diseases like *Huntington's*") (``value_words.example_values``)
    * ``slug_owners``: an app's name as the owner or the name of an owner/name slug names no app: a repository
      ("open an issue in *stripe/stripe-node*" is GitHub's ``issues_create``, was Stripe's; "star the repository
      vercel/next.js"), a side holding a digit, a dot, a dash or an underscore ("credit/debit" is no repository)
      (``app_scope.without_joined_names``)
    * ``undoing_names``: a name saying an action undone ("unstar", "unwatch": an API's verb after "un") says an
      action, no noun's: "list my starred repos on github" is
      ``activity_list_repos_starred_by_authenticated_user``, was
      ``activity_unstar_repo_for_authenticated_user``, a name read as saying its thing alone
      (``head_order._verbed``)
    * ``caller_user_twins``: in a request for the caller's own things, a user's tool gives way to its twin for
      the caller of the same score ("list my starred repos on github":
      ``activity_list_repos_starred_by_authenticated_user``, not ``..._by_user``)
      (``caller_order.caller_first``)
    * ``named_files``: a file given by its name ("download *invoice.pdf* from xero invoice 9c1d") gives a file,
      whatever word names it: among equal scores the tool taking a file's name (Xero's
      ``..._attachment_by_file_name``) comes first (``given_ids.valued_things``, ``parameter_fit``)
    * ``keyed_lists``: several things of one kind named by their ids ("fetch jira comments 10010, 10011 and
      10012"), where a name of the app takes the kind in the plural by ids (Jira's ``get_comments_by_ids``): the
      kind stays in the plural (``listed_ids`` reads it in the singular otherwise), and that tool comes first
      among those scoring as the first (``keyed_lists``)
    * ``unnamed_switches``: a request naming no app that turns a thing on or off ("turn on vulnerability alerts
      for acme/api") reads as the thing enabled or disabled where some tool's name enables or disables a thing
      it names, as one naming its app does (``outcome_requests.switched``)
    * ``mood_twins``: among tools scoring as the first, a read and a write of one thing whose names differ in
      that verb alone (``..._get_...``, ``..._set_...``) are told apart by the request's mood: one opening with
      a verb that is no read and no word of the names ("*keep* actions caches for 14 days in acme/api") gets the
      write, a question or a read verb the read (``mood_twins``)
    * ``belonging_clauses``: a thing's clause saying whose it is reads as of it ("list every project *that
      belongs to* the Marketing team": "... *of* the Marketing team", Asana's ``get_projects_for_team``;
      ``relative_clauses``)
    * ``opaque_ids``: an opaque id's pieces ("txn_1MiN3gLkdIwHu7ixxapQrznl": "mi", "lkd", "ixxap") are no words:
      a request naming no app is weighed without them, as one naming its app leaves its values out of the mass;
      its prefix too ("txn"; ``prefixed_ids`` reads a kind's prefix as its word first) (``opaque_ids``)
    * ``seen_fields``: the fields a read of one thing asks to see, listed after it ("show droplet 31 *— its IPs,
      size and current status*", "retrieve dispute dp_1 *so I can see its status and reason*"), are what its
      result holds, no words of the tool (``aside_clauses``)
    * ``unconnected_owners``: a repository's owner/name slug of plain words naming an app the org lacks, the other
      side naming none or the same one ("pull request 482 of *facebook/react*", "*kubernetes/kubernetes*"), names
      no app: it is a repository, not the app asked for (``app_scope.without_joined_names``)
    * ``denied_tails``: what a request says it does not want, after what it asks ("delete intercom contact 65 *-
      not archive, delete*", "uninstall the app from installation 48 *- remove it, don't just suspend it*", "list
      my codespaces secrets *(just the names, not values)*"), is no word of its tool: the request is what comes
      before it (``denied_tails``)
    * ``which_modifiers``: for ``unsaid_modifiers``, a question opening with "which", "what" or "whose" has a
      thing's words next, no verb: a word the app never says there is a modifier ("which *cloud* firewalls are
      applied to digitalocean droplet 3164494": ``droplets_list_firewalls``) (``unsaid_modifiers``)
    * ``named_owners``: a user named by a handle ("delete version 4512 of *user monalisa's* npm package on
      github") or an organization by its name ("owned by *the acme org*"), a word no tool's name says, in a
      request not naming its caller: among the tools scoring as the first, the twin whose name ends for that owner
      (``..._for_user``, ``..._for_org``) comes first (``named_owners``)
    * ``fused_names``: a word a request writes whole is a word of the names writing its two parts side by side
      ("oauth": Cal.com's ``o_auth_clients_controller_...``).
    * ``placed_participles``: a past participle after the things a request acts on, before a preposition placing
      them ("comments *left* on github issue 42", "files *uploaded* to box folder 5521"), is a filter's value, no
      action on them.
    * ``app_named_things``: a quoted name, or the word after an organization's, a workspace's or a team's kind
      word, naming an app the org lacks and none it has, names no app: it is the thing's name ("the members of the
      GitHub organization *'vercel'*") (``app_named_things``)
    * ``quoted_contents``: a noun opening a request as its verb is one with the values saying what it adds between
      it and the preposition placing it on its object ("*comment* 'Fixed in build 142' *on* jira issue PROJ-123":
      ``add_comment``) (``request_clauses.verb_opening``)
    * ``synonym_nouns``: a noun opening a request as its verb adds what a word of its group names too ("*tag*
      github issue 5 as bug": ``issues_add_labels``) (``noun_verbs.adding_first``)
    * ``described_all``: where "all" quantifies the request's head (``head_all``), a description saying "all"
      covers it and scores nothing: "Lists *all* repositories ..." is no sign of the tool ("github list all repos
      in org acme": ``repos_list_for_org``)
    * ``opaque_fields``: a piece of an opaque id is no field read after the thing's id (``trailing_fields``): "get
      stripe sigma scheduled query run sqr_1NvX2aLkdIw*ix*" asks for the run, no field "ix" of it
    * ``redone_actions``: a verb done again ("and *reassign* it to Maria", "and *resend* it"): "re"
      before an action word opens a second action as that word does
    * ``prefixed_opaque``: an id after its kind's prefix ("cus_NffrFeUfNV2Hib", "cbtxn_1MrHt2") is opaque with one
      digit and four pieces (``opaque_ids``)
    * ``adverb_openings``: an adverb before the opening verb ("*permanently* delete customer cus_1 and cancel
      their subscriptions") leaves the verb the request's opening, for its second action (``second_action``)
    * ``product_lines``: the one word between an app's name opening the request and the action word after it
      ("twilio *serverless* fetch environment ZE1234") is the app's product line, kept only where a name of the
      app says it (``app_tails``)
    * ``glossed_words``: a word or two in parentheses, in lower case, restating the word before them ("which
      versions *(releases)* does jira project MOBILE have") leave the request where no tool of the apps named
      says a word of them (``aside_clauses``)
    * ``time_logs``: a "time log" is the time logged as the app named keeps it, a worklog or a time entry ("remove
      the *time log* 100028 from jira ticket PROJ-12": ``delete_worklog``) (``written_forms``)
    * ``unscoped_lists``: a read of things in the plural asks for their list in a request naming no app too, over
      the whole pool ("show my codespaces": ``codespaces_list_for_authenticated_user``) (``listed_reads``)
    * ``capital_ids``: an id led by its kind's capitals and a digit ("F0123ABCD", a Slack file; "CA123abc", a
      Twilio call) is opaque with three pieces where it has eight characters (``opaque_ids``).
    * ``app_plurals``: the plural head orders the tools saying it before those saying one thing only within an
      app: Twilio names its lists in the singular ("list events for call CA12": ``list_call_event``, not another
      app's ``apps_list_events``) (``head_order``).
    * ``set_states``: in a question, what a thing is set to or for is a state asked, read as the thing's get
      ("what is the actions cache storage limit *set for* our enterprise", "which columns *are set for* jira
      filter 10042": the get, where the tool setting it was first by the word "set"); "set up" and "set as" stay
      (``about_questions``).
    * ``id_lookups``: a thing looked up "by id" with no id given ("xero get file by id"): a description saying "id"
      scores it as a name's prefix would, so the thing's own name decides (``get_file``, not the attachments'
      ``get_account_attachment_by_id``) (``id_lookups``).
    * ``acted_lists``: a "who" question whose verb's doers no name of the app says asks for the acts, where a name
      reading them says them ("who reacted to issue 42": ``reactions_list_for_issue``, "who voted on jira issue
      PROJ-2": ``get_votes``) (``people_questions``).
    * ``question_things``: in a question, an action's word that no subject, modal, "to" or "do" comes before is its
      thing, no action of the request ("is my DigitalOcean uptime *check* currently up?": the check's state is read,
      where ``uptime_create_check`` came first; "how do I *delete* ..." keeps its action) (``question_things``).
    * ``tenancy_names``: the word right after a tenancy ("org", "workspace", "account") that none of the org's tools
      says anywhere is its name, a value ("which repos in github org *acme* are allowed to run actions": "acme" had
      weighed most and nothing was found) (``thing_values``).
    * ``acronym_modifiers``: for ``unsaid_modifiers``, an acronym in capitals before a word the app's names say may
      be a modifier too, and one only descriptions of the app say is unsaid by its names ("what *SSL* certificates
      do I have on digitalocean": ``certificates_list``, where "ssl", said by ``certificates_create``'s description
      alone, weighed most and nothing was found) (``unsaid_modifiers``).
    * ``number_twins``: one thing's get and its list, scoring as the first and named alike but for the verb, are
      told apart by the request's number: its thing in the plural puts the list first ("Digital Ocean NFS
      *snapshots* in nyc3": ``nfs_list_snapshot``, where ``nfs_get_snapshot`` came first by its name)
      (``number_twins``).
    * ``asked_writes``: a question's own verb writes nothing: a name writing by it still contradicts the question's
      read, where a request's word a name writes by does not ("who do I *follow* on github":
      ``users_list_followed_by_authenticated_user``, where ``users_follow`` came first; "does github user octocat
      *follow* torvalds?": ``users_check_following_for_user``); "follow" and "unfollow" write
      (``destructive_actions``).
    * ``appended_kinds``: a request's head phrase said by a tool's name with the head first and a word of the phrase
      after it as the name's own head: the tool acts on that kind of the head, as one ending with the head does
      ("create a *passkey factor* for user entity alice-123 in Twilio Verify": ``create_new_factor_passkey``, where
      ``create_new_factor``, acting on "factor", came first) (``head_order``).
    """

    drop_filler: bool = True
    inflections: bool = True
    strict_reverse_prefix: bool = True
    guessed_name_rules: bool = True
    tie_order: bool = True
    inflected_exact: bool = False
    app_scope: bool = True
    argument_values: bool = True
    synonyms: bool = True
    semantic_fallback: bool = True
    unmatched_grammar: bool = True
    literal_ties: bool = True
    description_ties: bool = True
    words_description_half: bool = True
    fallback_rule: FallbackRule = field(default=RULE)
    named_app_fallback: bool = True
    value_markers: bool = True
    topic_values: bool = True
    vocabulary_compounds: bool = True
    name_evidence: bool = True
    product_names: bool = True
    unscoped_values: bool = False
    qualifiers: bool = True
    implied_app: bool = True
    destructive_actions: bool = True
    guessed_number: bool = True
    read_actions: bool = True
    first_word_ties: bool = True
    state_verbs: bool = True
    named_grammar: bool = True
    frame_nouns: bool = True
    search_verbs: bool = True
    value_evidence: bool = True
    field_phrases: bool = True
    head_nouns: bool = True
    role_values: bool = True
    name_verbs: bool = True
    app_tails: bool = True
    guessed_verbs: bool = True
    title_order: bool = True
    number_ties: bool = True
    head_all: bool = True
    possessive_fields: bool = True
    field_thing_head: bool = True
    unsaid_head: bool = True
    set_values: bool = True
    item_fields: bool = True
    search_terms: bool = True
    first_person: bool = True
    title_words: bool = True
    search_things: bool = True
    added_fields: bool = True
    second_actions: bool = True
    status_transitions: bool = True
    move_updates: bool = True
    kept_sources: bool = True
    create_topics: bool = True
    article_heads: bool = True
    thing_names: bool = True
    noun_verbs: bool = True
    created_fields: bool = True
    taken_out: bool = True
    word_forms: bool = True
    keyword_order: bool = True
    listed_plural: bool = True
    endpoint_paths: bool = True
    sdk_calls: bool = True
    person_names: bool = True
    telling: bool = True
    actions_imply_nothing: bool = True
    issue_keys: bool = True
    reads_as_lists: bool = True
    logged_time: bool = True
    asked_states: bool = True
    named_things: bool = True
    reminders: bool = True
    api_words: bool = True
    path_values: bool = True
    listed_filters: bool = True
    named_containers: bool = True
    placed_slugs: bool = True
    abbreviations: bool = True
    argument_lists: bool = True
    unsaid_reads: bool = True
    valued_qualifiers: bool = True
    counted_lists: bool = True
    searched_lists: bool = True
    filtering_things: bool = True
    unsaid_searches: bool = True
    names_before_kinds: bool = True
    admin_last: bool = True
    valued_kinds: bool = True
    frame_adjectives: bool = True
    tagged_values: bool = True
    repo_slugs: bool = True
    sentence_titles: bool = True
    placed_codes: bool = True
    field_prepositions: bool = True
    framed_heads: bool = True
    asked_actions: bool = True
    unsaid_filters: bool = True
    placing_kinds: bool = True
    updated_fields: bool = True
    searched_synonyms: bool = True
    gerund_topics: bool = True
    sent_things: bool = True
    negated_actions: bool = True
    compared_values: bool = True
    told_frames: bool = True
    instrument_words: bool = True
    joined_names: bool = True
    placed_keys: bool = True
    told_text: bool = True
    chat_openers: bool = True
    ordered_things: bool = True
    grammar_prefixes: bool = True
    marked_states: bool = True
    tool_frames: bool = True
    ordered_searches: bool = True
    container_items: bool = True
    output_formats: bool = True
    trailing_fields: bool = True
    sent_to_apps: bool = True
    short_ids: bool = True
    sent_messages: bool = True
    counted_things: bool = True
    unsaid_lists: bool = True
    labelled_parts: bool = True
    context_sentences: bool = True
    possessive_values: bool = True
    negated_states: bool = True
    questioned_states: bool = True
    listed_heads: bool = True
    thing_urls: bool = True
    field_lists: bool = True
    participle_states: bool = True
    passive_actions: bool = True
    sort_orders: bool = True
    spelled_counts: bool = True
    reason_clauses: bool = True
    superlative_orders: bool = True
    field_nouns: bool = True
    hedged_requests: bool = True
    excepted_things: bool = True
    repeated_actions: bool = True
    joined_actions: bool = True
    placed_names: bool = True
    listed_steps: bool = True
    misspelled_words: bool = True
    phrasal_verbs: bool = True
    wished_states: bool = True
    thing_questions: bool = True
    app_labels: bool = True
    posted_in: bool = True
    named_verbs: bool = True
    context_pronouns: bool = True
    called_names: bool = True
    implied_frames: bool = True
    asked_things: bool = True
    placed_things: bool = True
    general_searches: bool = True
    said_questions: bool = True
    app_own_words: bool = True
    info_names: bool = True
    stated_commas: bool = True
    contents_questions: bool = True
    prefixed_ids: bool = True
    ending_deletes: bool = True
    repo_refs: bool = True
    exported_lists: bool = True
    verbal_nouns: bool = True
    undoing_verbs: bool = True
    app_objects: bool = True
    person_moves: bool = True
    monologue_frames: bool = True
    outcome_requests: bool = True
    lowercase_names: bool = True
    separated_particles: bool = True
    person_lookups: bool = True
    quantity_values: bool = True
    dated_names: bool = True
    checked_states: bool = True
    scheduled_sends: bool = True
    rescheduled_things: bool = True
    review_verdicts: bool = True
    started_workflows: bool = True
    booked_meetings: bool = True
    placed_titles: bool = True
    object_slugs: bool = True
    object_files: bool = True
    described_verbs: bool = True
    converted_things: bool = True
    grouped_names: bool = True
    modifier_literals: bool = True
    said_fillers: bool = True
    owned_clauses: bool = True
    posted_updates: bool = True
    numbered_ids: bool = True
    opened_things: bool = True
    paired_values: bool = True
    noun_names: bool = True
    labelled_numbers: bool = True
    bare_verbs: bool = True
    sent_places: bool = True
    guessed_qualifiers: bool = True
    lone_frames: bool = True
    plural_heads: bool = True
    opened_reads: bool = True
    plural_titles: bool = True
    elsewhere_heads: bool = True
    listed_phrases: bool = True
    unasked_endings: bool = True
    attached_files: bool = True
    listed_criteria: bool = True
    articled_kinds: bool = True
    stated_situations: bool = True
    reported_requests: bool = True
    framed_telling: bool = True
    asked_filters: bool = True
    channel_histories: bool = True
    verbed_tools: bool = True
    own_fields: bool = True
    compound_kinds: bool = True
    asked_fields: bool = True
    titled_nouns: bool = True
    app_slugs: bool = True
    asked_lists: bool = True
    thing_fields: bool = True
    written_reads: bool = True
    filter_values: bool = True
    capability_questions: bool = True
    plural_lists: bool = True
    marked_reads: bool = True
    hyphenated_values: bool = True
    asked_times: bool = True
    names_after_kinds: bool = True
    camel_words: bool = True
    tenancy_moves: bool = True
    aside_clauses: bool = True
    kind_fields: bool = True
    people_questions: bool = True
    given_fields: bool = True
    keyword_bags: bool = True
    ability_questions: bool = True
    constant_names: bool = True
    counted_questions: bool = True
    handed_things: bool = True
    counted_limits: bool = True
    switched_things: bool = True
    told_by_anyone: bool = True
    wanted_done: bool = True
    own_roles: bool = True
    described_requests: bool = True
    conceded_clauses: bool = True
    purposed_things: bool = True
    existence_questions: bool = True
    intended_acts: bool = True
    merged_branches: bool = True
    misspelled_apps: bool = True
    spoken_numbers: bool = True
    joined_words: bool = True
    qualified_means: bool = True
    message_labels: bool = True
    asked_passives: bool = True
    told_attempts: bool = True
    tool_words: bool = True
    intent_fields: bool = True
    leave_questions: bool = True
    assistant_orders: bool = True
    described_things: bool = True
    short_flags: bool = True
    spelling_variants: bool = True
    revoked_access: bool = True
    access_questions: bool = True
    conditional_things: bool = True
    long_contexts: bool = True
    narrated_clicks: bool = True
    asked_reports: bool = True
    addressed_bots: bool = True
    undone_acts: bool = True
    recipient_kinds: bool = True
    learner_forms: bool = True
    head_branches: bool = True
    spaced_numbers: bool = True
    ended_things: bool = True
    time_frames: bool = True
    reminded_orders: bool = True
    about_questions: bool = True
    supposed_acts: bool = True
    courtesies: bool = True
    role_openers: bool = True
    bracketed_ids: bool = True
    manner_adverbs: bool = True
    listed_ids: bool = True
    interjections: bool = True
    additive_words: bool = True
    topic_openers: bool = True
    regretted_acts: bool = True
    recurrences: bool = True
    slang_verbs: bool = True
    counted_orders: bool = True
    addressed_apps: bool = True
    asked_pieces: bool = True
    go_aheads: bool = True
    request_tags: bool = True
    tried_acts: bool = True
    suggested_acts: bool = True
    whole_things: bool = True
    framed_texts: bool = True
    behalf_phrases: bool = True
    titled_things: bool = True
    sign_offs: bool = True
    complaint_questions: bool = True
    accidental_acts: bool = True
    awaited_acts: bool = True
    user_stories: bool = True
    follow_ups: bool = True
    mentioned_things: bool = True
    polite_conditions: bool = True
    placed_apps: bool = True
    texted_things: bool = True
    failure_reports: bool = True
    possessive_pronouns: bool = True
    stating_parts: bool = True
    hedge_phrases: bool = True
    new_fields: bool = True
    asked_auxiliaries: bool = True
    ensured_members: bool = True
    had_things: bool = True
    undone_opposites: bool = True
    quoted_requests: bool = True
    repeated_parts: bool = True
    relative_clauses: bool = True
    shell_verbs: bool = True
    declined_acts: bool = True
    thing_histories: bool = True
    created_for: bool = True
    role_people: bool = True
    foreign_courtesies: bool = True
    alternative_verbs: bool = True
    inspected_acts: bool = True
    checklist_items: bool = True
    excepted_values: bool = True
    light_verbs: bool = True
    enclosing_marks: bool = True
    unhurried_phrases: bool = True
    modelled_things: bool = True
    stated_orders: bool = True
    unmarked_contractions: bool = True
    habitual_phrases: bool = True
    environment_words: bool = True
    precaution_clauses: bool = True
    go_ahead_phrases: bool = True
    thing_appositives: bool = True
    addressed_people: bool = True
    formal_verbs: bool = True
    made_nouns: bool = True
    undone_assignments: bool = True
    idiom_moves: bool = True
    phrasal_clauses: bool = True
    undone_gerunds: bool = True
    app_opened_orders: bool = True
    member_clauses: bool = True
    named_field_acts: bool = True
    method_words: bool = True
    kebab_names: bool = True
    write_actions: bool = True
    relation_questions: bool = True
    handle_ids: bool = True
    placed_mine: bool = True
    nominal_verbs: bool = True
    ship_names: bool = True
    listed_names: bool = True
    shortened_phrases: bool = True
    kept_questions: bool = True
    articled_acts: bool = True
    read_carriers: bool = True
    held_questions: bool = True
    stated_compounds: bool = True
    titled_adverbs: bool = True
    named_short_ids: bool = True
    looks_questions: bool = True
    said_references: bool = True
    time_entries: bool = True
    framing_participles: bool = True
    able_words: bool = True
    ordered_moves: bool = True
    happened_questions: bool = True
    constant_values: bool = True
    which_had: bool = True
    belonged_questions: bool = True
    parameter_fit: bool = True
    slug_apps: bool = True
    whole_kinds: bool = True
    qualified_kinds: bool = True
    taken_things_said: bool = True
    joined_values: bool = True
    asked_caller_things: bool = True
    setting_actions: bool = True
    slug_first: bool = True
    caller_twins: bool = True
    unsaid_modifiers: bool = True
    switching_writes: bool = True
    named_creations: bool = True
    possible_actions: bool = True
    scoped_compounds: bool = True
    progress_questions: bool = True
    past_runs: bool = True
    unknown_doers: bool = True
    listed_setups: bool = True
    id_named_things: bool = True
    told_about: bool = True
    chosen_people: bool = True
    asked_modifiers: bool = True
    changed_histories: bool = True
    stopped_runs: bool = True
    fields_on_things: bool = True
    id_segments: bool = True
    grouped_scores: bool = True
    checked_members: bool = True
    named_measures: bool = True
    used_amounts: bool = True
    searched_phrases: bool = True
    unpaired_modifiers: bool = True
    made_roles: bool = True
    started_things: bool = True
    own_relations: bool = True
    field_updates: bool = True
    verbed_things: bool = True
    archived_restores: bool = True
    modifier_phrases: bool = True
    described_modifiers: bool = True
    plural_openings: bool = True
    two_word_kinds: bool = True
    asked_slugs: bool = True
    added_things: bool = True
    possible_doers: bool = True
    stated_predicates: bool = True
    singular_lists: bool = True
    slug_frames: bool = True
    dotted_values: bool = True
    example_values: bool = True
    slug_owners: bool = True
    undoing_names: bool = True
    caller_user_twins: bool = True
    named_files: bool = True
    keyed_lists: bool = True
    unnamed_switches: bool = True
    mood_twins: bool = True
    belonging_clauses: bool = True
    opaque_ids: bool = True
    seen_fields: bool = True
    unconnected_owners: bool = True
    denied_tails: bool = True
    which_modifiers: bool = True
    named_owners: bool = True
    fused_names: bool = True
    placed_participles: bool = True
    app_named_things: bool = True
    quoted_contents: bool = True
    synonym_nouns: bool = True
    described_all: bool = True
    opaque_fields: bool = True
    redone_actions: bool = True
    prefixed_opaque: bool = True
    adverb_openings: bool = True
    product_lines: bool = True
    glossed_words: bool = True
    time_logs: bool = True
    unscoped_lists: bool = True
    capital_ids: bool = True
    app_plurals: bool = True
    set_states: bool = True
    id_lookups: bool = True
    acted_lists: bool = True
    question_things: bool = True
    tenancy_names: bool = True
    acronym_modifiers: bool = True
    number_twins: bool = True
    asked_writes: bool = True
    appended_kinds: bool = True

    def switches(self) -> dict[str, bool]:
        """The on/off switches, as a snapshot stores them (the fallback's numbers are code)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if isinstance(getattr(self, f.name), bool)}

    @classmethod
    def from_switches(cls, stored: Mapping[str, object]) -> SearchOptions:
        """Options from stored switches; a switch a blob predates is on, as it ships."""
        known = cls().switches()
        changes: dict[str, Any] = {name: bool(value) for name, value in stored.items() if name in known}
        return replace(cls(), **changes)


SEED_RULES_ONLY = SearchOptions(
    drop_filler=False,
    inflections=False,
    strict_reverse_prefix=False,
    guessed_name_rules=False,
    tie_order=False,
    inflected_exact=False,
    app_scope=False,
    argument_values=False,
    synonyms=False,
    semantic_fallback=False,
    unmatched_grammar=False,
    literal_ties=False,
    description_ties=False,
    words_description_half=False,
    fallback_rule=FIRST_RULE,
    named_app_fallback=False,
    value_markers=False,
    topic_values=False,
    vocabulary_compounds=False,
    name_evidence=False,
    product_names=False,
    unscoped_values=False,
    qualifiers=False,
    implied_app=False,
    destructive_actions=False,
    guessed_number=False,
    read_actions=False,
    first_word_ties=False,
    state_verbs=False,
    named_grammar=False,
    frame_nouns=False,
    search_verbs=False,
    value_evidence=False,
    field_phrases=False,
    head_nouns=False,
    role_values=False,
    name_verbs=False,
    app_tails=False,
    guessed_verbs=False,
    title_order=False,
    number_ties=False,
    head_all=False,
    possessive_fields=False,
    field_thing_head=False,
    unsaid_head=False,
    set_values=False,
    item_fields=False,
    search_terms=False,
    first_person=False,
    title_words=False,
    search_things=False,
    added_fields=False,
    second_actions=False,
    status_transitions=False,
    move_updates=False,
    kept_sources=False,
    create_topics=False,
    article_heads=False,
    thing_names=False,
    noun_verbs=False,
    created_fields=False,
    taken_out=False,
    word_forms=False,
    keyword_order=False,
    listed_plural=False,
    endpoint_paths=False,
    sdk_calls=False,
    person_names=False,
    telling=False,
    actions_imply_nothing=False,
    issue_keys=False,
    reads_as_lists=False,
    logged_time=False,
    asked_states=False,
    named_things=False,
    reminders=False,
    api_words=False,
    path_values=False,
    listed_filters=False,
    named_containers=False,
    placed_slugs=False,
    abbreviations=False,
    argument_lists=False,
    unsaid_reads=False,
    valued_qualifiers=False,
    counted_lists=False,
    searched_lists=False,
    filtering_things=False,
    unsaid_searches=False,
    names_before_kinds=False,
    admin_last=False,
    valued_kinds=False,
    frame_adjectives=False,
    tagged_values=False,
    repo_slugs=False,
    sentence_titles=False,
    placed_codes=False,
    field_prepositions=False,
    framed_heads=False,
    asked_actions=False,
    unsaid_filters=False,
    placing_kinds=False,
    updated_fields=False,
    searched_synonyms=False,
    gerund_topics=False,
    sent_things=False,
    negated_actions=False,
    compared_values=False,
    told_frames=False,
    instrument_words=False,
    joined_names=False,
    placed_keys=False,
    told_text=False,
    chat_openers=False,
    ordered_things=False,
    grammar_prefixes=False,
    marked_states=False,
    tool_frames=False,
    ordered_searches=False,
    container_items=False,
    output_formats=False,
    trailing_fields=False,
    sent_to_apps=False,
    short_ids=False,
    sent_messages=False,
    counted_things=False,
    unsaid_lists=False,
    labelled_parts=False,
    context_sentences=False,
    possessive_values=False,
    negated_states=False,
    questioned_states=False,
    listed_heads=False,
    thing_urls=False,
    field_lists=False,
    participle_states=False,
    passive_actions=False,
    sort_orders=False,
    spelled_counts=False,
    reason_clauses=False,
    superlative_orders=False,
    field_nouns=False,
    hedged_requests=False,
    excepted_things=False,
    repeated_actions=False,
    joined_actions=False,
    placed_names=False,
    listed_steps=False,
    misspelled_words=False,
    phrasal_verbs=False,
    wished_states=False,
    thing_questions=False,
    app_labels=False,
    posted_in=False,
    named_verbs=False,
    context_pronouns=False,
    called_names=False,
    implied_frames=False,
    asked_things=False,
    placed_things=False,
    general_searches=False,
    said_questions=False,
    app_own_words=False,
    info_names=False,
    stated_commas=False,
    contents_questions=False,
    prefixed_ids=False,
    ending_deletes=False,
    repo_refs=False,
    exported_lists=False,
    verbal_nouns=False,
    undoing_verbs=False,
    app_objects=False,
    person_moves=False,
    monologue_frames=False,
    outcome_requests=False,
    lowercase_names=False,
    separated_particles=False,
    person_lookups=False,
    quantity_values=False,
    dated_names=False,
    checked_states=False,
    scheduled_sends=False,
    rescheduled_things=False,
    review_verdicts=False,
    started_workflows=False,
    booked_meetings=False,
    placed_titles=False,
    object_slugs=False,
    object_files=False,
    described_verbs=False,
    converted_things=False,
    grouped_names=False,
    modifier_literals=False,
    said_fillers=False,
    owned_clauses=False,
    posted_updates=False,
    numbered_ids=False,
    opened_things=False,
    paired_values=False,
    noun_names=False,
    labelled_numbers=False,
    bare_verbs=False,
    sent_places=False,
    guessed_qualifiers=False,
    lone_frames=False,
    plural_heads=False,
    opened_reads=False,
    plural_titles=False,
    elsewhere_heads=False,
    listed_phrases=False,
    unasked_endings=False,
    attached_files=False,
    listed_criteria=False,
    articled_kinds=False,
    stated_situations=False,
    reported_requests=False,
    framed_telling=False,
    asked_filters=False,
    channel_histories=False,
    verbed_tools=False,
    own_fields=False,
    compound_kinds=False,
    asked_fields=False,
    titled_nouns=False,
    app_slugs=False,
    asked_lists=False,
    thing_fields=False,
    written_reads=False,
    filter_values=False,
    capability_questions=False,
    plural_lists=False,
    marked_reads=False,
    hyphenated_values=False,
    asked_times=False,
    names_after_kinds=False,
    camel_words=False,
    tenancy_moves=False,
    aside_clauses=False,
    kind_fields=False,
    people_questions=False,
    given_fields=False,
    keyword_bags=False,
    ability_questions=False,
    constant_names=False,
    counted_questions=False,
    handed_things=False,
    counted_limits=False,
    switched_things=False,
    told_by_anyone=False,
    wanted_done=False,
    own_roles=False,
    described_requests=False,
    conceded_clauses=False,
    purposed_things=False,
    existence_questions=False,
    intended_acts=False,
    merged_branches=False,
    misspelled_apps=False,
    spoken_numbers=False,
    joined_words=False,
    qualified_means=False,
    message_labels=False,
    asked_passives=False,
    told_attempts=False,
    tool_words=False,
    intent_fields=False,
    leave_questions=False,
    assistant_orders=False,
    described_things=False,
    short_flags=False,
    spelling_variants=False,
    revoked_access=False,
    access_questions=False,
    conditional_things=False,
    long_contexts=False,
    narrated_clicks=False,
    asked_reports=False,
    addressed_bots=False,
    undone_acts=False,
    recipient_kinds=False,
    learner_forms=False,
    head_branches=False,
    spaced_numbers=False,
    ended_things=False,
    time_frames=False,
    reminded_orders=False,
    about_questions=False,
    supposed_acts=False,
    courtesies=False,
    role_openers=False,
    bracketed_ids=False,
    manner_adverbs=False,
    listed_ids=False,
    interjections=False,
    additive_words=False,
    topic_openers=False,
    regretted_acts=False,
    recurrences=False,
    slang_verbs=False,
    counted_orders=False,
    addressed_apps=False,
    asked_pieces=False,
    go_aheads=False,
    request_tags=False,
    tried_acts=False,
    suggested_acts=False,
    whole_things=False,
    framed_texts=False,
    behalf_phrases=False,
    titled_things=False,
    sign_offs=False,
    complaint_questions=False,
    accidental_acts=False,
    awaited_acts=False,
    user_stories=False,
    follow_ups=False,
    mentioned_things=False,
    polite_conditions=False,
    placed_apps=False,
    texted_things=False,
    failure_reports=False,
    possessive_pronouns=False,
    stating_parts=False,
    hedge_phrases=False,
    new_fields=False,
    asked_auxiliaries=False,
    ensured_members=False,
    had_things=False,
    undone_opposites=False,
    quoted_requests=False,
    repeated_parts=False,
    relative_clauses=False,
    shell_verbs=False,
    declined_acts=False,
    thing_histories=False,
    created_for=False,
    role_people=False,
    foreign_courtesies=False,
    alternative_verbs=False,
    inspected_acts=False,
    checklist_items=False,
    excepted_values=False,
    light_verbs=False,
    enclosing_marks=False,
    unhurried_phrases=False,
    modelled_things=False,
    stated_orders=False,
    unmarked_contractions=False,
    habitual_phrases=False,
    environment_words=False,
    precaution_clauses=False,
    go_ahead_phrases=False,
    thing_appositives=False,
    addressed_people=False,
    formal_verbs=False,
    made_nouns=False,
    undone_assignments=False,
    idiom_moves=False,
    phrasal_clauses=False,
    undone_gerunds=False,
    app_opened_orders=False,
    member_clauses=False,
    named_field_acts=False,
    method_words=False,
    kebab_names=False,
    write_actions=False,
    relation_questions=False,
    handle_ids=False,
    placed_mine=False,
    nominal_verbs=False,
    ship_names=False,
    listed_names=False,
    shortened_phrases=False,
    kept_questions=False,
    articled_acts=False,
    read_carriers=False,
    held_questions=False,
    stated_compounds=False,
    titled_adverbs=False,
    named_short_ids=False,
    looks_questions=False,
    said_references=False,
    time_entries=False,
    framing_participles=False,
    able_words=False,
    ordered_moves=False,
    happened_questions=False,
    constant_values=False,
    which_had=False,
    belonged_questions=False,
    parameter_fit=False,
    slug_apps=False,
    whole_kinds=False,
    qualified_kinds=False,
    taken_things_said=False,
    joined_values=False,
    asked_caller_things=False,
    setting_actions=False,
    slug_first=False,
    caller_twins=False,
    unsaid_modifiers=False,
    switching_writes=False,
    named_creations=False,
    possible_actions=False,
    scoped_compounds=False,
    progress_questions=False,
    past_runs=False,
    unknown_doers=False,
    listed_setups=False,
    id_named_things=False,
    told_about=False,
    chosen_people=False,
    asked_modifiers=False,
    changed_histories=False,
    stopped_runs=False,
    fields_on_things=False,
    id_segments=False,
    grouped_scores=False,
    checked_members=False,
    named_measures=False,
    used_amounts=False,
    searched_phrases=False,
    unpaired_modifiers=False,
    made_roles=False,
    started_things=False,
    own_relations=False,
    field_updates=False,
    verbed_things=False,
    archived_restores=False,
    modifier_phrases=False,
    described_modifiers=False,
    plural_openings=False,
    two_word_kinds=False,
    asked_slugs=False,
    added_things=False,
    possible_doers=False,
    stated_predicates=False,
    singular_lists=False,
    slug_frames=False,
    dotted_values=False,
    example_values=False,
    slug_owners=False,
    undoing_names=False,
    caller_user_twins=False,
    named_files=False,
    keyed_lists=False,
    unnamed_switches=False,
    mood_twins=False,
    belonging_clauses=False,
    opaque_ids=False,
    seen_fields=False,
    unconnected_owners=False,
    denied_tails=False,
    which_modifiers=False,
    named_owners=False,
    fused_names=False,
    placed_participles=False,
    app_named_things=False,
    quoted_contents=False,
    synonym_nouns=False,
    described_all=False,
    opaque_fields=False,
    redone_actions=False,
    prefixed_opaque=False,
    adverb_openings=False,
    product_lines=False,
    glossed_words=False,
    time_logs=False,
    unscoped_lists=False,
    capital_ids=False,
    app_plurals=False,
    set_states=False,
    id_lookups=False,
    acted_lists=False,
    question_things=False,
    tenancy_names=False,
    acronym_modifiers=False,
    number_twins=False,
    asked_writes=False,
    appended_kinds=False,
)
